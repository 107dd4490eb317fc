import {
  DATE_FORMATS,
  DAYJS_DATE_FORMATS,
  type DateFormat,
} from '@app/contract/account/personalization/personalization';
import { Flex, Radio, Typography } from 'antd';
import { formatDate } from '../../lib/format';
import { useNow } from './use-now';

interface DateFormatChoiceProps {
  id?: string;
  value?: DateFormat;
  onChange?: (format: DateFormat) => void;
  /** The zone the examples are shown in: the one being chosen, null for the browser's. */
  timeZone: string | null;
}

/** The spec's four formats, each beside the current time written that way. */
export function DateFormatChoice({ id, value, onChange, timeZone }: DateFormatChoiceProps) {
  const now = useNow();

  return (
    <Radio.Group id={id} value={value} onChange={(event) => onChange?.(event.target.value as DateFormat)}>
      <Flex vertical gap={8}>
        {DATE_FORMATS.map((format) => (
          <Radio key={format} value={format}>
            <Typography.Text code>{format}</Typography.Text>{' '}
            <Typography.Text type="secondary">
              {formatDate(now, DAYJS_DATE_FORMATS[format], timeZone)}
            </Typography.Text>
          </Radio>
        ))}
      </Flex>
    </Radio.Group>
  );
}
