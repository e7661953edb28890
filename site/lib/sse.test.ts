import { describe, expect, it } from "vitest";
import { readSse } from "./api.ts";

const streamOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
      controller.close();
    },
  });

describe("readSse", () => {
  it("reads named events split across chunks, ignoring comments", async () => {
    const events = [];
    for await (const e of readSse(streamOf('event: step\ndata: {"step":"prep', 'aring"}\n\n: keep-alive\n\nevent: done\r\ndata: {"id":1}\r\n\r\n', "data: a\ndata: b"))) {
      events.push(e);
    }
    expect(events).toEqual([
      { event: "step", data: '{"step":"preparing"}' },
      { event: "done", data: '{"id":1}' },
      { event: "message", data: "a\nb" },
    ]);
  });
});
