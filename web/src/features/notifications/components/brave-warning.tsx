/**
 * Brave blocks web push until the visitor allows it (spec section 2: a Brave warning to set
 * Shields down). Shown where notifications are enabled, when `navigator.brave` exists.
 */
export function BraveWarning() {
  return (
    <div className="notify-note notify-note--warn" role="note" data-testid="brave-warning">
      <p className="notify-note__title">Using Brave?</p>
      <p>
        Brave Shields can block notifications. Click the lion icon in the address bar and set <strong>Shields down</strong> for this
        site, and turn on <em>Use Google services for push messaging</em> in Brave&apos;s privacy settings, then enable notifications.
      </p>
    </div>
  );
}
