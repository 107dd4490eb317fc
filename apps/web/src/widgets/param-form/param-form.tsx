import {
  checkParameterValues,
  type InputParameter,
  type ParamValue,
  type ParamValues,
  REQUIRED_PARAMETERS_MESSAGE,
} from '@app/contract/analysis/parameters';
import type { Day } from '@app/contract/analytics/date-ranges';
import { Alert, Button, Form } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ParamControl } from './param-control';
import { shownParamValue, shownParamValues } from './shown-values';

/** Spec section 9: the input parameter panel is at most 500 px high; longer forms scroll. */
export const PARAM_PANEL_MAX_HEIGHT = 500;

export interface ParamFormProps {
  params: InputParameter[];
  values: ParamValues;
  /** Every edit, with all the values (the edited one replaced). */
  onChange: (values: ParamValues) => void;
  /** The values as the function runs with them, once `checkParameterValues` takes them. */
  onSubmit: (values: ParamValues) => void;
  submitLabel?: string;
  busy?: boolean;
  /** Pins "today" for the date ranges (tests). */
  today?: Day;
}

/**
 * The dynamic input-parameter form (spec sections 1 and 3): one control per parameter type, its
 * label, placeholder and required mark; a fixed value is shown but cannot be changed, a default
 * fills an empty field. Submitting runs the contract's `checkParameterValues`, the same rule the
 * server applies, so what the form refuses the server would refuse with the same words.
 */
export function ParamForm({ params, values, onChange, onSubmit, submitLabel, busy, today }: ParamFormProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [errorValues, setErrorValues] = useState<Record<string, Record<string, string | number>>>({});
  // The contract files a blank required parameter under this message; the form says it once more on top.
  const incomplete = Object.values(errors).includes(REQUIRED_PARAMETERS_MESSAGE);

  const change = (key: string, value: ParamValue) => {
    setErrors(({ [key]: _edited, ...rest }) => rest);
    onChange({ ...values, [key]: value });
  };

  const submit = () => {
    const checked = checkParameterValues(params, shownParamValues(params, values));
    setErrors(checked.errors);
    setErrorValues(checked.errorValues);
    if (checked.incomplete || Object.keys(checked.errors).length > 0) return;
    onSubmit(checked.values);
  };

  return (
    <Form layout="vertical" onFinish={submit}>
      <section
        aria-label={t('Input parameters')}
        style={{ maxHeight: PARAM_PANEL_MAX_HEIGHT, overflowY: 'auto', overflowX: 'hidden' }}
      >
        {params.map((param) => {
          const id = `${formId}-${param.key}`;
          const labelId = `${id}-label`;
          const error = errors[param.key];
          return (
            <Form.Item
              key={param.key}
              htmlFor={id}
              label={<span id={labelId}>{param.input_data.label || param.name}</span>}
              required={param.required}
              validateStatus={error ? 'error' : undefined}
              help={error ? t(error, errorValues[param.key] ?? {}) : undefined}
            >
              <ParamControl
                param={param}
                value={shownParamValue(param, values)}
                onChange={(value) => change(param.key, value)}
                id={id}
                labelId={labelId}
                disabled={param.input_data.fixed !== undefined}
                invalid={Boolean(error)}
                today={today}
              />
            </Form.Item>
          );
        })}
      </section>
      {incomplete ? (
        <Alert type="error" showIcon title={t(REQUIRED_PARAMETERS_MESSAGE)} style={{ marginBottom: 16 }} />
      ) : null}
      <Button type="primary" htmlType="submit" loading={busy}>
        {submitLabel ?? t('Run')}
      </Button>
    </Form>
  );
}
