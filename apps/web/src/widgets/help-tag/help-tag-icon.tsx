import {
  BulbOutlined,
  ExclamationCircleOutlined,
  InfoCircleOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
} from '@ant-design/icons';
import { HELP_HTML_TAGS, HELP_LINK_ATTRIBUTES } from '@app/contract/help/help-html';

import type { HelpEntry, HelpIcon, HelpTagStyle } from '@app/contract/help/help-tags';
import { Popover } from 'antd';
import DOMPurify from 'dompurify';
import type { ComponentType, CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import './help-tag.css';

export const HELP_ICON_COMPONENTS: Record<
  HelpIcon,
  ComponentType<{ style?: CSSProperties; className?: string }>
> = {
  question: QuestionCircleOutlined,
  info: InfoCircleOutlined,
  exclamation: ExclamationCircleOutlined,
  bulb: BulbOutlined,
  book: ReadOutlined,
};

/** The server sanitised it on save and on answer; the browser does again before drawing it. */
export function sanitizeHelp(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...HELP_HTML_TAGS],
    ALLOWED_ATTR: [...HELP_LINK_ATTRIBUTES],
  });
}

export function HelpHtml({ html }: { html: string }) {
  // Sanitised just above by DOMPurify: no script, no handler, no javascript: link survives.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised help HTML, see sanitizeHelp
  return <div className="help-tag__html" dangerouslySetInnerHTML={{ __html: sanitizeHelp(html) }} />;
}

interface HelpTagIconProps {
  entry: HelpEntry;
  style: HelpTagStyle;
  testId?: string;
}

/** The help icon, styled per `/admin/sys-functions/help-tags-style`, with its popover. */
export function HelpTagIcon({ entry, style, testId }: HelpTagIconProps) {
  const { t } = useTranslation();
  const Icon = HELP_ICON_COMPONENTS[entry.icon] ?? QuestionCircleOutlined;
  return (
    <Popover
      content={<HelpHtml html={entry.html} />}
      placement={style.popover_placement}
      trigger={style.popover_trigger}
      styles={{ root: { maxWidth: style.popover_width, width: style.popover_width } }}
    >
      <button type="button" className="help-tag" aria-label={t('Help')} data-testid={testId}>
        <Icon style={{ color: style.icon_color, fontSize: style.icon_size }} />
      </button>
    </Popover>
  );
}
