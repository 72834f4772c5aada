/** Every HTTP error body: `{ "error": { "code", "message" } }` with the spec's message. */
export interface ApiErrorBody {
  readonly error: { readonly code: string; readonly message: string };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string';
}
