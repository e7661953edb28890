import { describe, expect, it } from "vitest";
import { $toasts, dismissToast, toast } from "./toasts.ts";

describe("toasts", () => {
  it("keeps one toast at a time, the newest, for 5000 ms by default", () => {
    toast({ title: "First" });
    const id = toast({ title: "Second", description: "replaces the first", variant: "destructive" });
    expect($toasts.get()).toEqual([{ id, title: "Second", description: "replaces the first", variant: "destructive", durationMs: 5000 }]);
    dismissToast(id);
    expect($toasts.get()).toEqual([]);
  });
});
