import type { AdminNotice } from '@app/contract/messages/notices';
import { DatePicker, Form, Input, Modal, Select, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';
import { levelChoices, type MessageLevel } from './message-levels';
import type { NoticeBody } from './messages-api';
import { pickerToSeconds, secondsToPicker } from './picker-time';

interface NoticeFormValues {
  level: MessageLevel;
  title: string;
  body: string;
  pop_up: boolean;
  start_time: Dayjs;
  end_time: Dayjs | null;
}

const PICKER_FORMAT = 'YYYY-MM-DD HH:mm';

interface NoticeFormModalProps {
  open: boolean;
  /** The notice being changed; absent to publish a new one. */
  notice?: AdminNotice;
  saving: boolean;
  onSave: (body: NoticeBody) => Promise<unknown>;
  onClose: () => void;
}

function initialValues(notice: AdminNotice | undefined): Partial<NoticeFormValues> {
  if (!notice) {
    // A new notice starts now unless the admin schedules it.
    const now = secondsToPicker(Math.floor(Date.now() / 1000)).startOf('minute');
    return { level: 'other', title: '', body: '', pop_up: false, start_time: now, end_time: null };
  }
  return {
    level: notice.level,
    title: notice.title,
    body: notice.body,
    pop_up: notice.pop_up,
    start_time: secondsToPicker(notice.start_time),
    end_time: notice.end_time === null ? null : secondsToPicker(notice.end_time),
  };
}

/** Publish or change a notice: level, title, text, pop-up, and the window it is shown in. */
export function NoticeFormModal({ open, notice, saving, onSave, onClose }: NoticeFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NoticeFormValues>();
  const showErrors = useServerErrors(form);

  const submit = async (values: NoticeFormValues) => {
    try {
      await onSave({
        level: values.level,
        title: values.title,
        body: values.body,
        pop_up: values.pop_up,
        start_time: pickerToSeconds(values.start_time),
        end_time: values.end_time ? pickerToSeconds(values.end_time) : null,
      });
      onClose();
    } catch (error) {
      showErrors(error);
    }
  };

  return (
    <Modal
      open={open}
      title={notice ? t('Edit notice') : t('New notice')}
      okText={notice ? t('Save') : t('Publish')}
      okButtonProps={{ loading: saving }}
      cancelText={t('Cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      <Form<NoticeFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues(notice)}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="level" label={t('Level')} rules={[{ required: true, message: t('Choose a level') }]}>
          <Select options={levelChoices(t)} />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('Title')}
          rules={[
            { required: true, whitespace: true, message: t('Enter a title') },
            { max: 120, message: t('At most 120 characters') },
          ]}
        >
          <Input autoComplete="off" maxLength={120} />
        </Form.Item>
        <Form.Item
          name="body"
          label={t('Text')}
          rules={[
            { required: true, whitespace: true, message: t('Enter the text') },
            { max: 5000, message: t('At most 5000 characters') },
          ]}
        >
          <Input.TextArea rows={5} maxLength={5000} showCount />
        </Form.Item>
        <Form.Item
          name="pop_up"
          label={t('Pop-up')}
          valuePropName="checked"
          extra={t('A pop-up opens once for every user until they close it, on any device.')}
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="start_time"
          label={t('Start')}
          rules={[{ required: true, message: t('Choose when the notice starts') }]}
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format={PICKER_FORMAT} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="end_time"
          label={t('End')}
          extra={t('Leave empty to show the notice until it is withdrawn.')}
          dependencies={['start_time']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, end: Dayjs | null) => {
                const start = getFieldValue('start_time') as Dayjs | undefined;
                return end && start && !end.isAfter(start)
                  ? Promise.reject(new Error(t('The end must be after the start')))
                  : Promise.resolve();
              },
            }),
          ]}
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format={PICKER_FORMAT} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
