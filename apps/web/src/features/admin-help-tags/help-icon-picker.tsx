import { HELP_ICONS, type HelpIcon } from '@app/contract/help/help-tags';
import { Radio, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { helpIconLabel } from '../../lib/labels/help-labels';
import { HELP_ICON_COMPONENTS } from '../../widgets/help-tag/help-tag-icon';

interface HelpIconPickerProps {
  value?: HelpIcon | '';
  onChange?: (icon: HelpIcon | '') => void;
  /** Offer "the style's icon" (an empty value): a help tag's language may leave its icon to the style. */
  allowDefault?: boolean;
  label: string;
}

export function HelpIconPicker({ value, onChange, allowDefault = false, label }: HelpIconPickerProps) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      value={value ?? ''}
      onChange={(event) => onChange?.(event.target.value as HelpIcon | '')}
      optionType="button"
      aria-label={label}
    >
      {allowDefault ? <Radio.Button value="">{t("Style's icon")}</Radio.Button> : null}
      {HELP_ICONS.map((icon) => {
        const Icon = HELP_ICON_COMPONENTS[icon];
        return (
          <Tooltip key={icon} title={helpIconLabel(icon, t)}>
            <Radio.Button value={icon} aria-label={helpIconLabel(icon, t)}>
              <Icon />
            </Radio.Button>
          </Tooltip>
        );
      })}
    </Radio.Group>
  );
}
