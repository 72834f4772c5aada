import type { CreateStaffAccountResponse } from '@xsd/contracts/api/admin-users';
import type { LoginResponse } from '@xsd/contracts/api/auth';
import type { StaffRole } from '@xsd/contracts/staff/roles';

/** A staff member's bearer client for the admin routes (what the CLI does), for test set-up. */
export interface AdminApi {
  request<T>(method: string, path: string, body?: unknown): Promise<T>;
  createStaff(email: string, role: StaffRole): Promise<string>;
}

export async function adminApi(baseUrl: string, email: string, password: string): Promise<AdminApi> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, kind: 'bearer' }),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const { token } = (await login.json()) as LoginResponse;
  const request = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    request,
    async createStaff(newEmail, role) {
      const created = await request<CreateStaffAccountResponse>('POST', '/api/admin/users', { email: newEmail, role });
      return created.password;
    },
  };
}
