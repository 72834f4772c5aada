import type { LoginResponse } from '@xsd/contracts/api/auth';
import type { SiteSettings } from '@xsd/contracts/api/site';
import type { UpdateSiteSettingsRequest } from '@xsd/contracts/api/site-update';

/**
 * The staff side of the API as the admin screen and `xsd maintenance` use it: sign in with the
 * stack's bootstrap super admin, then switch maintenance with `PUT /api/admin/site` (it answers
 * once `GET /api/site` shows the change).
 */
export interface StaffClient {
  setMaintenance(request: UpdateSiteSettingsRequest): Promise<SiteSettings>;
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<StaffClient> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, kind: 'bearer' }),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const { token } = (await login.json()) as LoginResponse;
  return {
    async setMaintenance(request) {
      const response = await fetch(`${baseUrl}/api/admin/site`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(request),
      });
      if (response.status !== 200) throw new Error(`PUT /api/admin/site answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as SiteSettings;
    },
  };
}
