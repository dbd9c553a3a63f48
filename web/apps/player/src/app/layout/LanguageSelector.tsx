// Language selector: a button opening a listbox with the brand's languages
// first, then every other language by native name (those fall back to EN).
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Check, ChevronDown, Languages } from 'lucide-react';
import { languageInfo } from '@palaro/i18n';
import { selectableLanguages, switchLanguage } from '../language';
import { useBrandInfo } from '../brand';
import s from './LanguageSelector.module.css';

export type LanguageSelectorProps = { variant?: 'header' | 'menu'; className?: string; onChanged?: () => void };

export function LanguageSelector({ variant = 'header', className, onChanged }: LanguageSelectorProps) {
  const { t, i18n } = useTranslation('layout');
  const queryClient = useQueryClient();
  const info = useBrandInfo();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const current = (i18n.language || 'TY').toUpperCase();
  const list = useMemo(() => selectableLanguages(info.languages ?? []), [info.languages]);
  const brandCount = list.filter((l) => (info.languages ?? []).includes(l.code)).length;
  const currentInfo = languageInfo(current);

  useEffect(() => {
    if (!open) return;
    const i = Math.max(0, list.findIndex((l) => l.code === current));
    setActive(i);
    requestAnimationFrame(() => {
      listRef.current?.focus();
      listRef.current?.querySelector(`[data-index="${i}"]`)?.scrollIntoView({ block: 'nearest' });
    });
    const onDown = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open, list, current]);

  const choose = async (code: string) => {
    setOpen(false);
    buttonRef.current?.focus();
    if (code !== current) {
      await switchLanguage(code, { i18n, queryClient });
      onChanged?.();
    }
  };

  const onListKey = (e: KeyboardEvent) => {
    const move = (i: number) => {
      const n = (i + list.length) % list.length;
      setActive(n);
      listRef.current?.querySelector(`[data-index="${n}"]`)?.scrollIntoView({ block: 'nearest' });
    };
    if (e.key === 'ArrowDown') move(active + 1);
    else if (e.key === 'ArrowUp') move(active - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(list.length - 1);
    else if (e.key === 'Enter' || e.key === ' ') void choose(list[active].code);
    else if (e.key === 'Escape' || e.key === 'Tab') {
      setOpen(false);
      if (e.key === 'Escape') buttonRef.current?.focus();
      return;
    } else return;
    e.preventDefault();
  };

  return (
    <div ref={rootRef} className={[s.root, s[variant], className ?? ''].filter(Boolean).join(' ')}>
      <button
        ref={buttonRef}
        type="button"
        className={s.button}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? `${id}-list` : undefined}
        aria-label={t('layout:language.label', { language: currentInfo?.native ?? current })}
        onClick={() => setOpen((o) => !o)}
        data-testid={`language-selector-${variant}`}
      >
        <Languages size={18} aria-hidden="true" />
        <span className={s.code}>{variant === 'menu' ? (currentInfo?.native ?? current) : current}</span>
        <ChevronDown size={14} aria-hidden="true" className={s.chev} />
      </button>
      {open && (
        <ul
          ref={listRef}
          id={`${id}-list`}
          role="listbox"
          tabIndex={-1}
          aria-label={t('layout:language.choose')}
          aria-activedescendant={`${id}-opt-${active}`}
          className={s.list}
          onKeyDown={onListKey}
        >
          {list.map((l, i) => (
            <li
              key={l.code}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={l.code === current}
              data-index={i}
              data-code={l.code}
              lang={l.bcp47}
              dir={l.dir}
              className={[s.option, i === active ? s.active : '', i === brandCount - 1 && brandCount < list.length ? s.sep : ''].join(' ')}
              onMouseEnter={() => setActive(i)}
              onClick={() => void choose(l.code)}
            >
              <span className={s.native}>{l.native}</span>
              <span className={s.en} lang="en">
                {l.english !== l.native ? l.english : ''}
              </span>
              {l.code === current && <Check size={16} aria-hidden="true" className={s.check} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
