// The agent centre's header clock: the brand time zone's GMT offset and time
// (the zone every record uses, not the browser's), refreshed every second
// (spec section 2, agent centre).
import { useEffect, useState } from 'react';

import { formatDateTime, zoneOffset } from '@/lib/format';

/** "GMT+08:00": the brand zone's offset at that moment. */
export function gmtOffset(date: Date): string {
  return zoneOffset(date);
}

/** The brand zone's time as yyyy-MM-dd HH:mm:ss (the spec's time format, 24-hour). */
export function clockText(date: Date): string {
  return formatDateTime(date);
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
