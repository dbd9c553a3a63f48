// Editor dialogs: a banner, an announcement (notice, headline, popup,
// promotion) and a help section. react-hook-form with the server's rules
// (api/schema.ts); a preview shows the item as the storefront will.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, SelectField, TextField, useToast } from '@palaro/ui';
import { errorText } from '@/lib/errors';
import {
  BANNER_GROUPS,
  EXECUTIONS,
  AGENT_TYPES,
  LINKAGE_TYPES,
  PROMO_CATEGORIES,
  saveAnnouncement,
  saveBanner,
  saveHelp,
  useContentChange,
  type Announcement,
  type AnnouncementType,
  type Banner,
  type HelpSection,
} from '../api/content';
import {
  announcementSchema,
  bannerSchema,
  cleanText,
  fromLocalInput,
  helpSchema,
  toLocalInput,
  type AnnouncementForm,
  type BannerForm,
  type HelpForm,
} from '../api/schema';
import { ImageField } from './ImageField';
import { LanguageFields } from './LanguageFields';
import { Preview, type PreviewItem } from './Preview';
import s from './Content.module.css';

type Common = { open: boolean; onClose: () => void };

function Schedule({ register, errors }: { register: ReturnType<typeof useForm<BannerForm>>['register'] | ReturnType<typeof useForm<AnnouncementForm>>['register']; errors: { endTime?: { message?: string } } }) {
  const { t } = useTranslation('console-content');
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const reg = register as any;
  return (
    <div>
      <div className={s.row}>
        <TextField type="datetime-local" label={t('editor.start')} {...reg('startTime')} />
        <TextField type="datetime-local" label={t('editor.end')} error={errors.endTime?.message ? t(errors.endTime.message) : undefined} {...reg('endTime')} />
      </div>
      <p className={s.hint}>{t('editor.openHint')}</p>
    </div>
  );
}

function Footer({ onClose, saving, onPreview, previewing }: { onClose: () => void; saving: boolean; onPreview: () => void; previewing: boolean }) {
  const { t } = useTranslation('console-content');
  return (
    <div className={s.footer}>
      <Button type="button" variant="ghost" onClick={onPreview} aria-pressed={previewing}>
        {previewing ? t('editor.hidePreview') : t('editor.preview')}
      </Button>
      <span className={s.grow} />
      <Button type="button" variant="secondary" onClick={onClose}>
        {t('editor.cancel')}
      </Button>
      <Button type="submit" loading={saving}>
        {t('editor.save')}
      </Button>
    </div>
  );
}

export function BannerEditor({ open, onClose, banner, group }: Common & { banner?: Banner; group: string }) {
  const { t } = useTranslation('console-content');
  const { toast } = useToast();
  const [preview, setPreview] = useState(false);
  const form = useForm<BannerForm>({
    resolver: zodResolver(bannerSchema),
    defaultValues: {
      groupName: banner?.groupName ?? group,
      title: { EN: '', TY: '', ...banner?.title },
      url: banner?.url ?? '',
      linkageType: banner?.linkageType ?? 'NONE',
      linkTarget: banner?.linkTarget ?? '',
      active: !banner?.disabled,
      startTime: toLocalInput(banner?.startTime),
      endTime: toLocalInput(banner?.endTime),
    },
  });
  const { register, handleSubmit, formState, control, watch } = form;
  const save = useContentChange(saveBanner);
  const submit = handleSubmit((v) =>
    save.mutate(
      {
        id: banner?.id,
        body: {
          groupName: v.groupName,
          sequence: banner?.groupName === v.groupName ? (banner?.sequence ?? 0) : 0,
          title: cleanText(v.title),
          url: v.url,
          linkageType: v.linkageType,
          linkTarget: v.linkageType === 'NONE' ? '' : v.linkTarget,
          startTime: fromLocalInput(v.startTime),
          endTime: fromLocalInput(v.endTime),
          active: v.active,
        },
      },
      {
        onSuccess: () => {
          toast('success', t('saved'));
          onClose();
        },
        onError: (e) => toast('error', errorText(t, e)),
      },
    ),
  );
  const w = watch();
  const item: PreviewItem = { kind: 'banner', title: w.title.EN ?? '', html: '', image: w.url };
  return (
    <Dialog open={open} onClose={onClose} closeLabel={t('editor.close')} title={banner ? t('banner.edit') : t('banner.new')} size="lg">
      <form onSubmit={submit} noValidate className={s.form}>
        <div className={s.row}>
          <SelectField label={t('banner.group')} {...register('groupName')}>
            {BANNER_GROUPS.map((g) => (
              <option key={g} value={g}>
                {t(`groups.${g}`)}
              </option>
            ))}
          </SelectField>
          <label className={s.check}>
            <input type="checkbox" {...register('active')} />
            {t('banner.active')}
          </label>
        </div>
        <LanguageFields fields={[{ name: 'title', label: t('field.title') }]} register={register} errors={formState.errors} present={Object.keys(banner?.title ?? {})} />
        <Controller
          control={control}
          name="url"
          render={({ field, fieldState }) => <ImageField label={t('field.image')} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
        />
        <div className={s.row}>
          <SelectField label={t('banner.linkType')} {...register('linkageType')}>
            {LINKAGE_TYPES.map((l) => (
              <option key={l} value={l}>
                {t(`link.${l}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('banner.linkTarget')}
            disabled={w.linkageType === 'NONE'}
            error={formState.errors.linkTarget?.message ? t(formState.errors.linkTarget.message) : undefined}
            {...register('linkTarget')}
          />
        </div>
        <Schedule register={register} errors={formState.errors} />
        {preview && <Preview item={item} />}
        <Footer onClose={onClose} saving={save.isPending} onPreview={() => setPreview((p) => !p)} previewing={preview} />
      </form>
    </Dialog>
  );
}

export function AnnouncementEditor({ open, onClose, item, type }: Common & { item?: Announcement; type: AnnouncementType }) {
  const { t } = useTranslation('console-content');
  const { toast } = useToast();
  const [preview, setPreview] = useState(false);
  const [lang, setLang] = useState('EN');
  const form = useForm<AnnouncementForm>({
    resolver: zodResolver(announcementSchema),
    defaultValues: {
      type,
      execution: item?.execution ?? (type === 'PU' ? 'A' : ''),
      title: { EN: '', TY: '', ...item?.title },
      content: { EN: '', TY: '', ...item?.content },
      summary: { EN: '', TY: '', ...item?.summary },
      category: item?.category ?? (type === 'PR' ? 'EVENT' : ''),
      image: item?.announcementImages?.[0]?.url ?? '',
      startTime: toLocalInput(item?.startTime),
      endTime: toLocalInput(item?.endTime),
      agentTypes: (item?.agentTypes ?? []).map(String),
      active: !item?.disabled,
    },
  });
  const { register, handleSubmit, formState, control, watch } = form;
  const save = useContentChange(saveAnnouncement);
  const submit = handleSubmit((v) =>
    save.mutate(
      {
        id: item?.id,
        body: {
          type,
          execution: type === 'PU' ? v.execution : '',
          sequence: item?.sequence ?? 0,
          startTime: fromLocalInput(v.startTime),
          endTime: fromLocalInput(v.endTime),
          title: cleanText(v.title),
          content: type === 'H' ? {} : cleanText(v.content),
          summary: type === 'PR' ? cleanText(v.summary) : {},
          category: type === 'PR' ? v.category : '',
          announcementImages: type === 'PR' ? [{ url: v.image, sequence: 1 }] : [],
          ...(type === 'AG' ? { agentTypes: v.agentTypes.map(Number), active: v.active } : {}),
        },
      },
      {
        onSuccess: () => {
          toast('success', t('saved'));
          onClose();
        },
        onError: (e) => toast('error', errorText(t, e)),
      },
    ),
  );
  const w = watch();
  const fields = [{ name: 'title', label: t('field.title') }];
  if (type === 'PR') fields.push({ name: 'summary', label: t('field.summary') });
  if (type !== 'H') fields.push({ name: 'content', label: t('field.content'), multiline: true } as never);
  const pick = (x: Record<string, string>) => x[lang] || x.EN || '';
  const previewItem: PreviewItem = { kind: type, title: pick(w.title), html: type === 'H' ? '' : pick(w.content), summary: pick(w.summary), image: w.image };
  return (
    <Dialog open={open} onClose={onClose} closeLabel={t('editor.close')} title={t(item ? `type.${type}.edit` : `type.${type}.new`)} size="lg">
      <form onSubmit={submit} noValidate className={s.form}>
        {type === 'PU' && (
          <SelectField label={t('popup.execution')} hint={t('popup.executionHint')} {...register('execution')}>
            {EXECUTIONS.map((x) => (
              <option key={x} value={x}>
                {t(`popup.exec.${x}`)}
              </option>
            ))}
          </SelectField>
        )}
        {type === 'AG' && (
          <fieldset className={s.checks}>
            <legend>{t('agent.audience')}</legend>
            <p className={s.hint}>{t('agent.audienceHint')}</p>
            {AGENT_TYPES.map((n) => (
              <label key={n} className={s.check}>
                <input type="checkbox" value={String(n)} {...register('agentTypes')} /> {t(`agent.types.${n}`)}
              </label>
            ))}
            <label className={s.check}>
              <input type="checkbox" {...register('active')} /> {t('agent.active')}
            </label>
          </fieldset>
        )}
        {type === 'PR' && (
          <SelectField label={t('promo.category')} {...register('category')}>
            {PROMO_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
        )}
        <LanguageFields fields={fields} register={register} errors={formState.errors} present={Object.keys(item?.title ?? {})} />
        {type === 'PR' && (
          <Controller
            control={control}
            name="image"
            render={({ field, fieldState }) => <ImageField label={t('field.image')} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
          />
        )}
        <Schedule register={register} errors={formState.errors} />
        {preview && (
          <>
            <SelectField label={t('preview.language')} value={lang} onChange={(e) => setLang(e.target.value)}>
              {Object.keys(w.title)
                .filter((l) => w.title[l]?.trim())
                .map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
            </SelectField>
            <Preview item={previewItem} />
          </>
        )}
        <Footer onClose={onClose} saving={save.isPending} onPreview={() => setPreview((p) => !p)} previewing={preview} />
      </form>
    </Dialog>
  );
}

export function HelpEditor({ open, onClose, section, sectionKey }: Common & { section?: HelpSection; sectionKey: string }) {
  const { t } = useTranslation('console-content');
  const { toast } = useToast();
  const [preview, setPreview] = useState(false);
  const form = useForm<HelpForm>({
    resolver: zodResolver(helpSchema),
    defaultValues: { sort: section?.sort ?? 0, title: { EN: '', TY: '', ...section?.title }, content: { EN: '', TY: '', ...section?.content } },
  });
  const { register, handleSubmit, formState, watch } = form;
  const save = useContentChange(saveHelp);
  const submit = handleSubmit((v) =>
    save.mutate(
      { key: sectionKey, body: { sort: v.sort, title: cleanText(v.title), content: cleanText(v.content) } },
      {
        onSuccess: () => {
          toast('success', t('saved'));
          onClose();
        },
        onError: (e) => toast('error', errorText(t, e)),
      },
    ),
  );
  const w = watch();
  return (
    <Dialog open={open} onClose={onClose} closeLabel={t('editor.close')} title={t('help.edit', { key: t(`help.keys.${sectionKey}`) })} size="lg">
      <form onSubmit={submit} noValidate className={s.form}>
        <TextField type="number" label={t('help.sort')} {...register('sort', { valueAsNumber: true })} />
        <LanguageFields
          fields={[
            { name: 'title', label: t('field.title') },
            { name: 'content', label: t('field.content'), multiline: true },
          ]}
          register={register}
          errors={formState.errors}
          present={Object.keys(section?.title ?? {})}
        />
        {preview && <Preview item={{ kind: 'help', title: w.title.EN ?? '', html: w.content.EN ?? '' }} />}
        <Footer onClose={onClose} saving={save.isPending} onPreview={() => setPreview((p) => !p)} previewing={preview} />
      </form>
    </Dialog>
  );
}
