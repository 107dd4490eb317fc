import {
  AD_DESCRIPTIONS,
  AD_HEADLINES,
  AD_LIMITS,
  AD_PATHS,
  type AdPreview,
} from '@app/contract/analysis/ad-copy';
import { useTranslation } from 'react-i18next';
import { AdPreviewBlock } from './ad-preview-block';
import { AdTextField } from './ad-text-field';
import './ad-copy-editor.css';

export interface AdCopyEditorProps {
  value: AdPreview;
  onChange: (ad: AdPreview) => void;
}

type ListKey = 'paths' | 'headlines' | 'descriptions';

/** Every slot of a list, blank where the ad has none yet. */
function slots(texts: string[], count: number): string[] {
  return Array.from({ length: count }, (_, index) => texts[index] ?? '');
}

/**
 * Edits search ad copy: the two display paths, three headlines and two descriptions, each held to
 * its Google Ads limit, with the ad as it will look live below.
 */
export function AdCopyEditor({ value, onChange }: AdCopyEditorProps) {
  const { t } = useTranslation();
  const lists: Record<ListKey, string[]> = {
    paths: slots(value.paths, AD_PATHS),
    headlines: slots(value.headlines, AD_HEADLINES),
    descriptions: slots(value.descriptions, AD_DESCRIPTIONS),
  };
  const groups = [
    {
      key: 'paths',
      legend: t('Display path'),
      limit: AD_LIMITS.path,
      label: (n: number) => t('Path {{n}}', { n }),
    },
    {
      key: 'headlines',
      legend: t('Headlines'),
      limit: AD_LIMITS.headline,
      label: (n: number) => t('Headline {{n}}', { n }),
    },
    {
      key: 'descriptions',
      legend: t('Descriptions'),
      limit: AD_LIMITS.description,
      label: (n: number) => t('Description {{n}}', { n }),
    },
  ] as const;
  const set = (key: ListKey, index: number, text: string) =>
    onChange({ ...value, ...lists, [key]: lists[key].map((current, at) => (at === index ? text : current)) });

  return (
    <div className="ad-copy-editor">
      {groups.map((group) => (
        <fieldset key={group.key} className="ad-copy-editor__group">
          <legend>{group.legend}</legend>
          {lists[group.key].map((text, index) => (
            <AdTextField
              // The slots are fixed, so a slot's place is its identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed slots, never reordered
              key={index}
              label={group.label(index + 1)}
              value={text}
              limit={group.limit}
              multiline={group.key === 'descriptions'}
              onChange={(next) => set(group.key, index, next)}
            />
          ))}
        </fieldset>
      ))}
      <AdPreviewBlock ad={{ ...value, ...lists }} />
    </div>
  );
}
