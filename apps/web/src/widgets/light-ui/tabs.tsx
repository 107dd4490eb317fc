import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import './light-ui.css';

export interface LightTab<K extends string> {
  key: K;
  label: string;
  icon?: ReactNode;
  content: ReactNode;
}

/**
 * Tabs with the WAI-ARIA tabs pattern: one tab in the tab order, arrow keys (and Home and End)
 * move between tabs and open them, each panel labelled by its tab.
 */
export function LightTabs<K extends string>({
  tabs,
  active,
  onChange,
}: {
  tabs: LightTab<K>[];
  active: K;
  onChange: (key: K) => void;
}) {
  const base = useId();
  const refs = useRef(new Map<K, HTMLButtonElement | null>());
  const tabId = (key: K) => `${base}-tab-${key}`;
  const panelId = (key: K) => `${base}-panel-${key}`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const to =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const target = to === null ? undefined : tabs[to];
    if (!target) return;
    event.preventDefault();
    onChange(target.key);
    refs.current.get(target.key)?.focus();
  };

  const current = tabs.find((tab) => tab.key === active) ?? tabs[0];
  return (
    <div className="lui-tabs">
      <div className="lui-tabs__list" role="tablist">
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(element) => {
              refs.current.set(tab.key, element);
            }}
            type="button"
            role="tab"
            id={tabId(tab.key)}
            className="lui-tabs__tab"
            aria-selected={tab.key === active}
            aria-controls={panelId(tab.key)}
            tabIndex={tab.key === active ? 0 : -1}
            onClick={() => onChange(tab.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.icon}
            {tab.label}
          </button>
        ))}
      </div>
      {current ? (
        <div role="tabpanel" id={panelId(current.key)} aria-labelledby={tabId(current.key)}>
          {current.content}
        </div>
      ) : null}
    </div>
  );
}
