// Accessible tabs (WAI-ARIA tabs pattern): roving tabindex, arrow keys (mirrored
// in RTL), Home/End. The component renders the tab list and the active panel.
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import s from './Tabs.module.css';

export type TabItem = { key: string; label: ReactNode; icon?: ReactNode };

export type TabsProps = {
  tabs: TabItem[];
  value: string;
  onChange: (key: string) => void;
  /** Accessible name of the tab list. */
  label: string;
  orientation?: 'horizontal' | 'vertical';
  children?: ReactNode;
  className?: string;
  listClassName?: string;
  panelClassName?: string;
};

export function Tabs({ tabs, value, onChange, label, orientation = 'horizontal', children, className, listClassName, panelClassName }: TabsProps) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const idx = Math.max(0, tabs.findIndex((t) => t.key === value));

  const move = (to: number) => {
    const n = tabs.length;
    const i = ((to % n) + n) % n;
    onChange(tabs[i].key);
    refs.current[i]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const rtl = (e.currentTarget as HTMLElement).closest('[dir="rtl"]') !== null;
    const next = orientation === 'vertical' ? 'ArrowDown' : rtl ? 'ArrowLeft' : 'ArrowRight';
    const prev = orientation === 'vertical' ? 'ArrowUp' : rtl ? 'ArrowRight' : 'ArrowLeft';
    if (e.key === next) move(idx + 1);
    else if (e.key === prev) move(idx - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(tabs.length - 1);
    else return;
    e.preventDefault();
  };

  return (
    <div className={[s.tabs, orientation === 'vertical' ? s.vertical : '', className ?? ''].filter(Boolean).join(' ')}>
      <div role="tablist" aria-label={label} aria-orientation={orientation} className={[s.list, listClassName ?? ''].join(' ')} onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => {
          const selected = i === idx;
          return (
            <button
              key={tab.key}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.key}`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              className={[s.tab, selected ? s.selected : ''].join(' ')}
              onClick={() => onChange(tab.key)}
            >
              {tab.icon}
              <span>{tab.label}</span>
            </button>
          );
        })}
      </div>
      {children !== undefined && (
        <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tabs[idx]?.key}`} tabIndex={0} className={[s.panel, panelClassName ?? ''].join(' ')}>
          {children}
        </div>
      )}
    </div>
  );
}
