import { adTextLength } from '@app/contract/analysis/ad-copy';
import { Input } from 'antd';
import { useId } from 'react';
import { fitAdText } from './ad-text-fit';
import './ad-text-field.css';

interface AdTextFieldProps {
  label: string;
  value: string;
  /** The Google Ads limit, full-width characters counting two. */
  limit: number;
  onChange: (text: string) => void;
  /** Descriptions wrap over lines; headlines and paths are one line. */
  multiline?: boolean;
}

/**
 * One piece of ad copy with its "length/limit" counter. Input past the limit is refused; antd's
 * count does the refusing so that a Chinese input method's composing letters are not cut short.
 */
export function AdTextField({ label, value, limit, onChange, multiline = false }: AdTextFieldProps) {
  const id = useId();
  const counterId = `${id}-count`;
  const length = adTextLength(value);
  const over = length > limit;
  const shared = {
    id,
    value,
    status: over ? ('error' as const) : undefined,
    'aria-describedby': counterId,
    count: {
      max: limit,
      strategy: adTextLength,
      exceedFormatter: (next: string) => fitAdText(value, next, limit),
    },
  };

  return (
    <div className="ad-text-field">
      <div className="ad-text-field__head">
        <label htmlFor={id}>{label}</label>
        <span
          id={counterId}
          className={over ? 'ad-text-field__count ad-text-field__count--over' : 'ad-text-field__count'}
        >
          {length}/{limit}
        </span>
      </div>
      {multiline ? (
        <Input.TextArea
          {...shared}
          autoSize={{ minRows: 2, maxRows: 4 }}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <Input {...shared} onChange={(event) => onChange(event.target.value)} />
      )}
    </div>
  );
}
