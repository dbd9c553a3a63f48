// A username filter kept in the URL (?username=), applied on submit.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Search } from 'lucide-react';
import { Button } from '@/components/ui';
import s from './pages.module.css';

export function useParam(name: string): [string, (v?: string) => void] {
  const [params, setParams] = useSearchParams();
  return [
    params.get(name) ?? '',
    (v?: string) =>
      setParams((p) => {
        const n = new URLSearchParams(p);
        if (v) n.set(name, v);
        else n.delete(name);
        n.delete('page');
        return n;
      }),
  ];
}

export function UsernameFilter({ id }: { id: string }) {
  const { t } = useTranslation('agent', { useSuspense: true });
  const [username, setUsername] = useParam('username');
  const [text, setText] = useState(username);
  return (
    <form
      className={s.filterRow}
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        setUsername(text.trim() || undefined);
      }}
    >
      <div className={s.field}>
        <label htmlFor={id}>{t('agent:report.username')}</label>
        <input id={id} className="input" value={text} onChange={(e) => setText(e.target.value)} autoCapitalize="none" spellCheck={false} placeholder={t('agent:report.usernameAll')} />
      </div>
      <Button type="submit" variant="outline" icon={<Search size={16} aria-hidden="true" />}>
        {t('agent:team.find')}
      </Button>
    </form>
  );
}

export function SelectParam({ id, name, label, options }: { id: string; name: string; label: string; options: { value: string; label: string }[] }) {
  const [value, setValue] = useParam(name);
  return (
    <div className={s.field}>
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" value={value} onChange={(e) => setValue(e.target.value || undefined)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
