// The exam page's clock: the time left to the deadline by the server's clock (the browser's own may be
// wrong), always on screen; a screen reader hears it only at 10 minutes, 5 minutes and 1 minute left.
import { useEffect, useRef, useState } from "react";

/** Minutes left at which the time is announced. */
const ANNOUNCE_AT_MINUTES = [10, 5, 1] as const;

/** "1:04:09" or "4:09": hours only when there are any. */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** "1 hour 4 minutes" for a screen reader's label (seconds left out: it is read, not watched). */
function spokenText(ms: number): string {
  const minutes = Math.max(0, Math.ceil(ms / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h && `${h} hour${h === 1 ? "" : "s"}`, (m || !h) && `${m} minute${m === 1 ? "" : "s"}`].filter(Boolean).join(" ");
}

interface CountdownProps {
  /** The deadline, in the server's milliseconds. */
  deadline: number;
  /** The server's clock minus the browser's, in milliseconds. */
  offset: number;
  /** Called once, when the time left reaches zero. */
  onExpire: () => void;
}

export function Countdown({ deadline, offset, onExpire }: CountdownProps) {
  const left = () => deadline - (Date.now() + offset);
  const [remaining, setRemaining] = useState(left);
  const [announcement, setAnnouncement] = useState("");
  // Thresholds already behind when the page opened are not announced late.
  const announced = useRef(new Set<number>(ANNOUNCE_AT_MINUTES.filter((m) => left() <= m * 60_000)));
  const expired = useRef(false);
  const expire = useRef(onExpire);
  expire.current = onExpire;

  useEffect(() => {
    const tick = () => {
      const ms = left();
      setRemaining(ms);
      for (const minutes of ANNOUNCE_AT_MINUTES) {
        if (ms <= minutes * 60_000 && !announced.current.has(minutes)) {
          announced.current.add(minutes);
          if (ms > 0) setAnnouncement(`${minutes} minute${minutes === 1 ? "" : "s"} left`);
        }
      }
      if (ms <= 0 && !expired.current) {
        expired.current = true;
        setAnnouncement("Time is up. Your paper is being handed in.");
        expire.current();
      }
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [deadline, offset]);

  const urgent = remaining <= 5 * 60_000;
  return (
    <div className="flex items-center gap-2">
      <div
        role="timer"
        aria-label={`Time left: ${spokenText(remaining)}`}
        data-testid="countdown"
        data-remaining-ms={Math.max(0, Math.round(remaining))}
        className={`rounded-lg px-3 py-1.5 font-mono text-lg font-bold tabular-nums ${urgent ? "bg-red-700 text-white" : "bg-slate-900 text-white"}`}
      >
        {clockText(remaining)}
      </div>
      <p className="sr-only" aria-live="assertive" data-testid="countdown-announcement">{announcement}</p>
    </div>
  );
}
