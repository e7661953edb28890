// The admin bundle's calls: cookies sent, JSON in and out, the server's message on failure.

/** A failed call: the server's message, the HTTP status and, for a 400, each field's message. */
export class ApiError extends Error {
  constructor(message: string, readonly status: number, readonly errors: Record<string, string> = {}) {
    super(message);
    this.name = "ApiError";
  }
}

export function call<T>(path: string, body?: unknown, method = body === undefined ? "GET" : "POST"): Promise<T> {
  return answer<T>(fetch(path, {
    method,
    credentials: "include",
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  }));
}

/** POSTs a file as the raw body (the server checks what it is, not its name or type). */
export function upload<T>(path: string, file: Blob): Promise<T> {
  return answer<T>(fetch(path, { method: "POST", credentials: "include", headers: { "Content-Type": "application/pdf" }, body: file }));
}

async function answer<T>(request: Promise<Response>): Promise<T> {
  const res = await request;
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  if (!res.ok) {
    const json = data as { message?: string; errors?: Record<string, string> } | undefined;
    throw new ApiError(json?.message ?? `${res.status}: ${text || res.statusText}`, res.status, json?.errors);
  }
  return data as T;
}
