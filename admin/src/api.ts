// The admin bundle's calls: cookies sent, JSON in and out, the server's message on failure.
export async function call<T>(path: string, body?: unknown, method = body === undefined ? "GET" : "POST"): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: "include",
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  if (!res.ok) {
    const message = (data as { message?: string } | undefined)?.message ?? (text || res.statusText);
    throw new Error(message);
  }
  return data as T;
}
