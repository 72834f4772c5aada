import { useState } from 'react';
import { ChangePasswordForm } from '../../../../components/staff/change-password-form';
import { Panel } from '../../../../components/ui/panel';
import { AdminResetPanel } from '../../password-reset/components/admin-reset-panel';

/** Own password (collapsed until opened), a super admin's reset links for others, and the spec's tips. */
export function PasswordsTab() {
  const [open, setOpen] = useState(false);
  // A new form instance on every opening: reset on cancel and on success.
  const [formKey, setFormKey] = useState(0);
  const [done, setDone] = useState(false);

  return (
    <>
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
      <AdminResetPanel />
      <Panel title="Password tips" testId="password-tips">
        <ul className="link-list">
          <li>At least 8 characters, with upper and lower case letters, numbers and special characters.</li>
          <li>Avoid common words and personal details.</li>
          <li>Use a unique password for the admin panel, kept in a password manager.</li>
          <li>Change it regularly, and never share it.</li>
        </ul>
      </Panel>
    </>
  );
}
