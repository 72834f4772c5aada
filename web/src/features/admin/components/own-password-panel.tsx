import { useState } from 'react';
import { ChangePasswordForm } from '../../../components/staff/change-password-form';
import { Panel } from '../../../components/ui/panel';

/**
 * 'Change your password' for the signed-in staff member, any role (`POST /api/auth/password`):
 * collapsed until opened, a new form on every opening (reset on cancel and on success).
 */
export function OwnPasswordPanel() {
  const [open, setOpen] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [done, setDone] = useState(false);

  return (
    <Panel title="Change your password" tone="accent" testId="own-password">
      {done && !open ? <p className="ok" role="status">Password updated successfully!</p> : null}
      {open ? (
        <ChangePasswordForm
          key={formKey}
          onSuccess={() => {
            setDone(true);
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      ) : (
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => {
            setDone(false);
            setFormKey((key) => key + 1);
            setOpen(true);
          }}
        >
          Change Password
        </button>
      )}
    </Panel>
  );
}
