import { answerAnyQuestion } from './default-script';
import { startOpenAiStandIn } from './openai-stand-in';

/**
 * The stand-in model endpoint, by hand, for a demo or a browser journey:
 *
 *   npm run llm:stand-in -w @app/server                 (port 4020)
 *   STAND_IN_PORT=4021 STAND_IN_MODEL=gpt-4o-mini npm run llm:stand-in -w @app/server
 *
 * It serves one model (`STAND_IN_MODEL`, default stand-in-model) behind one key
 * (`STAND_IN_API_KEY`, default sk-stand-in-key) and answers any question with a query_analytics
 * call (sessions by channel, last 30 days against the preceding 30, as bars), then a short
 * comment on the result. It prints the server settings to use (or put them on the admin
 * foreign-keys page); give the model a price on the admin prices page, or it cannot answer.
 */
const env = process.env;
const model = env.STAND_IN_MODEL ?? 'stand-in-model';

const standIn = await startOpenAiStandIn({
  port: Number(env.STAND_IN_PORT ?? 4020),
  host: env.STAND_IN_HOST ?? '127.0.0.1',
  apiKey: env.STAND_IN_API_KEY ?? 'sk-stand-in-key',
  models: [model],
  turns: answerAnyQuestion,
});

const settings = { LLM_BASE_URL: standIn.url, LLM_API_KEY: standIn.apiKey ?? '', LLM_MODEL: model };
process.stdout.write(
  `OpenAI-compatible stand-in on ${standIn.url}\nServer settings:\n${Object.entries(settings)
    .map(([key, value]) => `${key}=${value}`)
    .join('\n')}\n`,
);

const stop = () => {
  void standIn.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
