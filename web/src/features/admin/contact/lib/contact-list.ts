import type { ContactStatus, ContactSubmission } from '@xsd/contracts/api/contact';

export type ContactStatusFilter = ContactStatus | 'all';

/** The list's search (name, email, subject or message, any case) and status filter. */
export function filterSubmissions(items: readonly ContactSubmission[], search: string, status: ContactStatusFilter): ContactSubmission[] {
  const needle = search.trim().toLowerCase();
  return items.filter(
    (item) =>
      (status === 'all' || item.status === status) &&
      (needle === '' || [item.name, item.email, item.subject, item.message].some((text) => text.toLowerCase().includes(needle))),
  );
}

/** The spec's subject icons: four named subjects, one for the others. */
export function subjectIcon(subject: string): string {
  switch (subject) {
    case 'Technical Support':
      return '🔧';
    case 'Feature Request':
      return '💡';
    case 'Bug Report':
      return '🐛';
    case 'Business Proposal':
      return '💼';
    default:
      return '✉';
  }
}
