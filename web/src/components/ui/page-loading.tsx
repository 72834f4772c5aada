/** Shown while a page's code loads: a blinking cursor, announced politely. */
export function PageLoading({ label = 'Loading' }: { readonly label?: string }) {
  return (
    <p className="page-loading" role="status" aria-live="polite">
      {label}
      <span className="cursor" aria-hidden="true">
        _
      </span>
    </p>
  );
}
