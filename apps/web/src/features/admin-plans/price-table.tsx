import type { FunctionPrice, ModelPrice } from '@app/contract/billing/prices';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Space,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDate } from '../../lib/format';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';
import { functionMatrixQuery } from './plans-api';
import { pricesQuery, usePriceMutations } from './prices-api';

interface ModelValues {
  model: string;
  input_per_million: number;
  output_per_million: number;
}

const credits = (value: number) => formatCount(value);

/**
 * The price table (ARCHITECTURE section 8, Metering), below the function matrix: each function's
 * price per run and each model's credits per million input and output tokens. An assistant answer
 * costs its function's price plus its tokens at its model's rates, rounded up to a whole credit;
 * the offline analyst buys no tokens. Every change is saved at once and recorded.
 */
export function PriceTableSection() {
  const { t } = useTranslation();
  const prices = useQuery(pricesQuery);
  const matrix = useQuery(functionMatrixQuery);
  const names = new Map((matrix.data?.functions ?? []).map((fn) => [fn.key, fn.name]));

  return (
    <Card title={t('Prices in credits')} style={{ marginTop: 24 }} data-testid="price-table">
      <Typography.Paragraph type="secondary">
        {t(
          'An answer costs its function’s price plus the tokens it used at its model’s rates, rounded up to a whole credit. The offline analyst uses no paid model. Changes apply to new answers at once and are recorded.',
        )}
      </Typography.Paragraph>
      <Typography.Title level={5}>{t('Functions')}</Typography.Title>
      <FunctionPrices rows={prices.data?.functions ?? []} names={names} loading={prices.isLoading} />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('Models')}
      </Typography.Title>
      <ModelPrices rows={prices.data?.models ?? []} loading={prices.isLoading} />
    </Card>
  );
}

function FunctionPrices({
  rows,
  names,
  loading,
}: {
  rows: FunctionPrice[];
  names: Map<string, string>;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const columns: TableColumnsType<FunctionPrice> = [
    {
      key: 'function',
      title: t('Function'),
      render: (_, row) => (
        <Space vertical size={0}>
          <span>{names.get(row.function_key) ?? row.function_key}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} translate="no">
            {row.function_key}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'credits',
      title: t('Credits per run'),
      render: (_, row) => (
        <FunctionPriceForm row={row} label={names.get(row.function_key) ?? row.function_key} />
      ),
    },
    {
      key: 'update_time',
      title: t('Last changed'),
      render: (_, row) => formatDate(row.update_time),
    },
  ];
  return (
    <Table<FunctionPrice>
      size="small"
      rowKey="function_key"
      loading={loading}
      pagination={false}
      dataSource={rows}
      columns={columns}
    />
  );
}

/** One function's price: a number and its own Save, refusals shown under the number. */
function FunctionPriceForm({ row, label }: { row: FunctionPrice; label: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ credits: number }>();
  const fail = useServerErrors(form);
  const { setFunction } = usePriceMutations();
  const save = async ({ credits: value }: { credits: number }) => {
    try {
      await setFunction.mutateAsync({ function_key: row.function_key, credits: value });
      void message.success(t('Price saved'));
    } catch (error) {
      fail(error);
    }
  };
  return (
    <Form form={form} layout="inline" initialValues={{ credits: row.credits }} onFinish={save}>
      <Form.Item name="credits" rules={[{ required: true, message: t('A whole number of credits') }]}>
        <InputNumber
          min={0}
          precision={0}
          style={{ width: 140 }}
          aria-label={t('Credits per run of {{fn}}', { fn: label })}
        />
      </Form.Item>
      <Button htmlType="submit" loading={setFunction.isPending}>
        {t('Save')}
      </Button>
    </Form>
  );
}

function ModelPrices({ rows, loading }: { rows: ModelPrice[]; loading: boolean }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<ModelValues>();
  const fail = useServerErrors(form);
  const { setModel, removeModel } = usePriceMutations();

  const save = async (values: ModelValues) => {
    try {
      await setModel.mutateAsync(values);
      void message.success(t('Price saved'));
      form.resetFields();
    } catch (error) {
      fail(error);
    }
  };

  const columns = useMemo<TableColumnsType<ModelPrice>>(
    () => [
      {
        key: 'model',
        title: t('Model'),
        render: (_, row) => (
          <Typography.Text translate="no" code>
            {row.model}
          </Typography.Text>
        ),
      },
      {
        key: 'input',
        title: t('Input, per million tokens'),
        align: 'right',
        render: (_, row) => credits(row.input_per_million),
      },
      {
        key: 'output',
        title: t('Output, per million tokens'),
        align: 'right',
        render: (_, row) => credits(row.output_per_million),
      },
      { key: 'update_time', title: t('Last changed'), render: (_, row) => formatDate(row.update_time) },
      {
        key: 'actions',
        title: t('Actions'),
        render: (_, row) => (
          <Space>
            <Button
              size="small"
              onClick={() =>
                form.setFieldsValue({
                  model: row.model,
                  input_per_million: row.input_per_million,
                  output_per_million: row.output_per_million,
                })
              }
            >
              {t('Edit')}
            </Button>
            <Button
              size="small"
              danger
              onClick={() =>
                modal.confirm({
                  title: t('Remove the price of {{model}}?', { model: row.model }),
                  content: t(
                    'A model without a price cannot be metered, so the assistant stops offering it.',
                  ),
                  okText: t('Remove'),
                  cancelText: t('Cancel'),
                  okButtonProps: { danger: true },
                  onOk: () => removeModel.mutateAsync(row.model),
                })
              }
            >
              {t('Remove')}
            </Button>
          </Space>
        ),
      },
    ],
    [t, form, modal, removeModel.mutateAsync],
  );

  return (
    <>
      <Table<ModelPrice>
        size="small"
        rowKey="model"
        loading={loading}
        pagination={false}
        dataSource={rows}
        columns={columns}
      />
      <Form<ModelValues>
        form={form}
        layout="inline"
        style={{ marginTop: 16, rowGap: 8 }}
        onFinish={save}
        requiredMark={false}
      >
        <Form.Item
          name="model"
          label={t('Model')}
          rules={[{ required: true, whitespace: true, message: t('Name the model') }]}
        >
          <Input style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="input_per_million"
          label={t('Input, per million tokens')}
          rules={[{ required: true, message: t('A whole number of credits') }]}
        >
          <InputNumber min={0} precision={0} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item
          name="output_per_million"
          label={t('Output, per million tokens')}
          rules={[{ required: true, message: t('A whole number of credits') }]}
        >
          <InputNumber min={0} precision={0} style={{ width: 120 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={setModel.isPending}>
          {t('Save model price')}
        </Button>
      </Form>
    </>
  );
}
