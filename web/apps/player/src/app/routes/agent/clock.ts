// The agent centre's header clock: the browser's GMT offset and local time,
// refreshed every second (spec section 2, agent centre).
import { useEffect, useState } from 'react';

const pad = (n: number) => String(n).padStart(2, '0');

/** "GMT+08:00" for a Date whose getTimezoneOffset() is -480 (minutes behind UTC, so the sign flips). */
export function gmtOffset(date: Pick<Date, 'getTimezoneOffset'>): string {
  const east = -date.getTimezoneOffset();
  const sign = east < 0 ? '-' : '+';
  const abs = Math.abs(east);
  return `GMT${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Local time as yyyy-MM-dd HH:mm:ss (the spec's time format, 24-hour). */
export function clockText(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** The current time, re-rendered on every second boundary. */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const d = new Date();
      setNow(d);
      // Align to the next second so the display never skips or repeats one.
      timer = setTimeout(tick, 1000 - d.getMilliseconds());
    };
    timer = setTimeout(tick, 1000 - new Date().getMilliseconds());
    return () => clearTimeout(timer);
  }, []);
  return now;
}
