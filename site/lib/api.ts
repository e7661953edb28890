// The site's calls to the API (§7): cookies always sent, JSON bodies with a JSON content type.

export function postJson(path: string, body?: unknown, method = "POST"): Promise<Response> {
  return fetch(path, {
    method,
    credentials: "include",
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export interface ApiErrorBody {
  message?: string;
  errors?: Record<string, string>;
}

/** The body of a failed response: JSON { message, errors } when the API sent it. */
export async function readError(res: Response): Promise<ApiErrorBody> {
  const text = await res.text();
  try {
    const body = JSON.parse(text) as ApiErrorBody;
    if (body && typeof body === "object") return body;
  } catch {
    // not JSON
  }
  return { message: text || undefined };
}

/** §8: 'status: body text' (or the status text if the body is empty); the API's message when it sent one. */
export async function apiErrorMessage(res: Response): Promise<string> {
  const body = await readError(res);
  return body.message ?? `${res.status}: ${res.statusText}`;
}
