import { lazy, Suspense, useEffect, useState } from 'react';
import { usePublicStaffSession } from '../../lib/staff-session';
import { Modal } from '../ui/modal';

// Loaded when the dialog first opens: only signed-in staff ever use it.
const ChangePasswordForm = lazy(() => import('./change-password-form').then((module) => ({ default: module.ChangePasswordForm })));

/** The dialog closes this long after a successful change (public spec §8). */
const CLOSE_AFTER_MS = 2_000;

/** While a staff session exists: the email and the Change Password button of the public header. */
export function StaffHeaderControls() {
  const user = usePublicStaffSession();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => {
      setOpen(false);
      setDone(false);
    }, CLOSE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [done]);

  if (!user) return null;
  return (
    <span className="header__staff" data-testid="header-staff">
      <span className="header__staff-email" title="Signed in as staff">
        {user.email}
      </span>
      <button type="button" className="btn btn--small" onClick={() => setOpen(true)}>
        Change Password
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Change Password" testId="change-password-modal">
        {open ? (
          <Suspense fallback={null}>
            <ChangePasswordForm onSuccess={() => setDone(true)} onCancel={() => setOpen(false)} />
          </Suspense>
        ) : null}
      </Modal>
    </span>
  );
}
