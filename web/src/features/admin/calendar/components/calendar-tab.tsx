import { EVENT_DELETE_CONFIRM_MESSAGE, type AdminCalendarEvent } from '@xsd/contracts/api/admin-calendar';
import type { StaffUser } from '../../../../lib/staff-session';
import { ConfirmAction } from '../../components/confirm-action';
import { ContentHtml } from '../../components/content-html';
import { ListAndFormPanel } from '../../components/list-and-form-panel';
import { OwnPasswordPanel } from '../../components/own-password-panel';
import { ShownToggle } from '../../components/shown-toggle';
import { messageOr } from '../../lib/messages';
import { useListEditing } from '../../lib/use-list-editing';
import { useDeleteEvent } from '../api/delete-calendar-event';
import { useAdminEvents } from '../api/get-calendar-events';
import { useUpdateEvent } from '../api/update-calendar-event';
import { EventForm } from './event-form';

/**
 * Calendar events: create, edit, delete (after confirmation), the eye toggle, a local draft; and,
 * for calendar managers, their own password.
 */
export function CalendarTab({ user }: { readonly user: StaffUser }) {
  const events = useAdminEvents();
  const update = useUpdateEvent();
  const remove = useDeleteEvent();
  const editor = useListEditing<AdminCalendarEvent>();

  return (
    <>
      <ListAndFormPanel
        title="Calendar events"
        testId="events-list"
        newLabel="+ New Event"
        editor={editor}
        renderForm={(original) => <EventForm original={original} onDone={editor.close} />}
        query={events}
        loadErrorMessage={messageOr(events.error, 'Failed to load events')}
        emptyText="No events yet."
        intro={
          user.role === 'calendar_access' ? (
            <p className="admin-role-note">
              <span className="tag accent" data-testid="your-role-badge">
                Your Role
              </span>{' '}
              Calendar Manager: you can create, edit and delete calendar events.
            </p>
          ) : null
        }
        renderItem={(item) => (
          <li key={item.id} className={`admin-list__item${item.is_active ? '' : ' admin-list__item--inactive'}`} data-testid="event-item">
            <div className="admin-list__main">
              <strong className="admin-list__title">{item.title}</strong> <span className={`tag event-type--${item.type}`}>{item.type}</span>
              <p className="admin-list__meta muted">
                {item.start_date}
                {item.start_time ? ` ${item.start_time.slice(0, 5)}` : ''}
                {item.end_date ? ` → ${item.end_date}` : ''}
                {item.end_time ? ` ${item.end_time.slice(0, 5)}` : ''}
                {item.location ? ` · ${item.location}` : ''} · {item.is_active ? 'active' : 'inactive'}
              </p>
              {item.description ? <ContentHtml html={item.description} className="admin-list__content" /> : null}
              {item.url ? (
                <a href={item.url} target="_blank" rel="noopener noreferrer">
                  {item.url}
                </a>
              ) : null}
            </div>
            <div className="admin-list__actions">
              <ShownToggle
                shown={item.is_active}
                what={`event ${item.title}`}
                busy={update.isPending}
                onToggle={() => editor.run(update, { id: item.id, changes: { is_active: !item.is_active } }, (e) => messageOr(e, 'Failed to update event'))}
              />
              <button type="button" className="btn btn--small" aria-label={`Edit event ${item.title}`} onClick={() => editor.openEdit(item)}>
                Edit
              </button>
              <ConfirmAction
                label="Delete"
                ariaLabel={`Delete event ${item.title}`}
                question={EVENT_DELETE_CONFIRM_MESSAGE}
                busy={remove.isPending}
                onConfirm={() => editor.run(remove, item.id, (e) => messageOr(e, 'Failed to delete event'))}
              />
            </div>
          </li>
        )}
      />
      {/* The Passwords tab is not theirs (its permission is admins'), yet the spec lets them change their own. */}
      {user.role === 'calendar_access' ? <OwnPasswordPanel /> : null}
    </>
  );
}
