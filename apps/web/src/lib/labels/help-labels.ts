import type { Translate } from './translate';

/** A help tag's icon (`HELP_ICONS`). */
export function helpIconLabel(icon: string, t: Translate): string {
  switch (icon) {
    case 'question':
      return t('Question mark');
    case 'info':
      return t('Information');
    case 'exclamation':
      return t('Exclamation mark');
    case 'bulb':
      return t('Light bulb');
    case 'book':
      return t('Book');
    default:
      return icon;
  }
}

/** Where a help popover opens beside its icon (`HELP_PLACEMENTS`). */
export function helpPlacementLabel(placement: string, t: Translate): string {
  switch (placement) {
    case 'top':
      return t('Above');
    case 'bottom':
      return t('Below');
    case 'left':
      return t('Left');
    case 'right':
      return t('Right');
    case 'topLeft':
      return t('Above, left-aligned');
    case 'topRight':
      return t('Above, right-aligned');
    case 'bottomLeft':
      return t('Below, left-aligned');
    case 'bottomRight':
      return t('Below, right-aligned');
    default:
      return placement;
  }
}

/** What opens a help popover (`HELP_TRIGGERS`). */
export function helpTriggerLabel(trigger: string, t: Translate): string {
  switch (trigger) {
    case 'hover':
      return t('Hover');
    case 'click':
      return t('Click');
    default:
      return trigger;
  }
}
