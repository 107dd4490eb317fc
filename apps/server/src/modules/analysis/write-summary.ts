import type { PromptStep } from '@app/contract/analysis/functions';
import { generateText } from 'ai';
import type { SignedInContext } from '../../platform/endpoint';
import type { ActiveModel } from '../chat/assistant/providers';
import { summarize as summaryOf } from '../chat/assistant/tools';
import { writeCommentary } from '../chat/offline/commentary';
import type { StepResult } from './run-workflow';

/**
 * The prompt step (issue 25): the active model writes from the step's results, or the offline
 * analyst when no model is configured. Both read the same compact summaries of the kept results
 * the assistant's tools answer a model (the rows a model reads, the ranges, whether figures are
 * the demo's), so a function's summary states only figures a result holds. Tokens used are
 * counted for the run's settlement.
 */

const NUMBER_LOCALES: Record<string, string> = {
  en_US: 'en-US',
  zh_CN: 'zh-CN',
  zh_HK: 'zh-HK',
  fr_FR: 'fr-FR',
};
const LANGUAGES: Record<string, string> = {
  en_US: 'English',
  zh_CN: 'Simplified Chinese',
  zh_HK: 'Traditional Chinese (Hong Kong)',
  fr_FR: 'French',
};

export interface SummaryWriter {
  model: string;
  write: (step: PromptStep, inputs: StepResult[]) => Promise<string>;
  used: () => { inputTokens: number; outputTokens: number };
}

export function summaryWriter(active: ActiveModel, ctx: SignedInContext): SummaryWriter {
  const used = { inputTokens: 0, outputTokens: 0 };
  const summaries = (inputs: StepResult[]) => inputs.map(({ result }) => summaryOf(result, 'not asked for'));
  if (active.kind === 'offline') {
    return {
      model: active.id,
      used: () => used,
      write: async (_step, inputs) =>
        writeCommentary(
          {
            results: summaries(inputs),
            defaultRange: null,
            ascending: false,
            numberLocale: NUMBER_LOCALES[ctx.locale] ?? 'en-US',
          },
          ctx.t,
        ),
    };
  }
  return {
    model: active.id,
    used: () => used,
    write: async (step, inputs) => {
      const answer = await generateText({
        model: active.model,
        system: [
          `You are the analytics assistant of the team "${ctx.team.name}", for marketers.`,
          'Write only from the results given: every figure you state must be a cell of a result. Never estimate or invent a number.',
          'In the results, money cells are cents of the unit named and percent cells are ratios from 0 to 1: write money in currency units and ratios as percentages.',
          `Answer in ${LANGUAGES[ctx.locale] ?? 'English'}, in Markdown, in a few short paragraphs or bullets.`,
        ].join('\n'),
        prompt: `${step.instruction}\n\nResults (JSON):\n${JSON.stringify(summaries(inputs))}`,
        maxOutputTokens: 1500,
      });
      used.inputTokens += answer.usage.inputTokens ?? 0;
      used.outputTokens += answer.usage.outputTokens ?? 0;
      return answer.text;
    },
  };
}
