// The Keyword Extractor for AI agents (issue 33): `list_channels`, `keyword_report` (the extractor's 1-, 2- and 3-word
// tables for a channel's products) and `missing_from_titles` (the products whose page title lacks their top
// description keywords). The arguments are the API bodies with `storeId` in place of the credentials (channelId and a
// page range of 250 products a page, as the screen reads them; or productIds), checked by the same contract and its
// messages. The answers are sized for a model: a summary first, then the top entries a page at a time.
import { z } from 'zod';
import {
  fetchProductsRequestSchema,
  KEYWORD_MESSAGES,
  KEYWORD_PAGE_SIZE,
  MISSING_REPORT_BATCH,
  missingFromTitlesRequestSchema,
} from '../../../common/contracts/keyword-extractor';
import type { StoreCredentials } from '../../../common/contracts/stores';
import { ERROR_CODES } from '../../../common/errors';
import {
  createKeywordCounter,
  KEYWORD_SIZES,
  missingFromTitles,
  TOP_N,
  type KeywordSize,
  type MissingFromTitle,
} from '../../../common/keywords';
import { agentTool, type AgentTool, type AgentToolContext } from '../../agent-tools/agent-tools';
import { storeIdInput } from '../../agent-tools/tool-inputs';
import { AppError, parseInput } from '../../errors';
import { channelProducts, listChannels, missingFromTitlesReport } from './keyword-extractor.service';

/** Pages (of KEYWORD_PAGE_SIZE products) one call reads at most: 5,000 products. */
export const MAX_AGENT_KEYWORD_PAGES = 20;
export const MAX_KEYWORD_ENTRIES = 200;
export const DEFAULT_REPORT_LINES = 20;
export const MAX_REPORT_LINES = 100;
/** Keywords the "missing from titles" summary names as missing most often. */
export const MOST_MISSING = 10;

const SIZE_NAMES: Record<KeywordSize, 'oneWord' | 'twoWords' | 'threeWords'> = {
  1: 'oneWord',
  2: 'twoWords',
  3: 'threeWords',
};

const storeId = storeIdInput('The store');
const channelId = z
  .union([z.number(), z.string().max(20)])
  .describe('The channel whose products are read (list_channels; 1 is the default storefront)');
const startPage = z
  .union([z.number(), z.string().max(20)])
  .default(1)
  .describe(`The first page of products to read (${KEYWORD_PAGE_SIZE} a page; 1 by default)`);
const endPage = z
  .union([z.number(), z.string().max(20)])
  .optional()
  .describe(
    `The last page to read (at most ${MAX_AGENT_KEYWORD_PAGES} pages a call; by default ${MAX_AGENT_KEYWORD_PAGES - 1} after startPage, or the channel's last page)`,
  );

/** The channel (checked against the store's channels, for its name) and the page range, with the contract's messages. */
async function channelRun(
  storeCredentials: StoreCredentials,
  context: AgentToolContext,
  args: { channelId?: unknown; startPage: unknown; endPage?: unknown },
) {
  const first = parseInput(fetchProductsRequestSchema, {
    storeCredentials,
    channelId: args.channelId,
    page: args.startPage,
  });
  const last =
    args.endPage === undefined
      ? first.page + MAX_AGENT_KEYWORD_PAGES - 1
      : parseInput(fetchProductsRequestSchema, {
          storeCredentials,
          channelId: args.channelId,
          page: args.endPage,
        }).page;
  if (last < first.page) throw new AppError(ERROR_CODES.invalidInput, KEYWORD_MESSAGES.invalidPageRange);
  if (last - first.page + 1 > MAX_AGENT_KEYWORD_PAGES) {
    throw new AppError(
      ERROR_CODES.invalidInput,
      `At most ${MAX_AGENT_KEYWORD_PAGES} pages (${MAX_AGENT_KEYWORD_PAGES * KEYWORD_PAGE_SIZE} products) a call: ask for pages ${first.page} to ${first.page + MAX_AGENT_KEYWORD_PAGES - 1}, then the next ones`,
    );
  }
  const client = context.client(storeCredentials);
  const { channels } = await listChannels(client, { signal: context.signal });
  const channel = channels.find((one) => one.id === first.channelId);
  if (!channel) {
    throw new AppError(
      ERROR_CODES.invalidInput,
      `No channel with ID ${first.channelId} in this store. Its channels: ${channels.map((one) => `${one.id} (${one.name})`).join(', ') || 'none'}`,
    );
  }
  const read = await channelProducts(
    client,
    { channelId: channel.id, startPage: first.page, endPage: last },
    { signal: context.signal },
  );
  return {
    products: read.products,
    summary: {
      channel,
      pagesRead: read.lastPage >= first.page ? { from: first.page, to: read.lastPage } : null,
      totalPages: read.totalPages,
      totalProducts: read.totalProducts,
      nextStartPage:
        read.lastPage >= first.page && read.lastPage < read.totalPages ? read.lastPage + 1 : null,
    },
  };
}

const listChannelsAgentTool = agentTool({
  name: 'list_channels',
  title: 'List channels',
  description:
    'The channels (storefronts, marketplaces, POS) of a store with their IDs, as the Keyword Extractor lists them. keyword_report, missing_from_titles and dump_widgets take one as channelId.',
  access: 'read',
  input: { storeId },
  run: async ({ storeId }, context) => {
    const storeCredentials = await context.credentials(storeId);
    return listChannels(context.client(storeCredentials), { signal: context.signal });
  },
});

const keywordReportAgentTool = agentTool({
  name: 'keyword_report',
  title: 'Keyword report',
  description: `The Keyword Extractor's report for a channel: reads the channel's products (pages of ${KEYWORD_PAGE_SIZE}, at most ${MAX_AGENT_KEYWORD_PAGES} pages a call) and ranks their 1-, 2- and 3-word keywords (score = title count x 10,000 + description count). Answers a summary (channel, pages read, products counted, distinct keywords per size, nextStartPage when the channel has more pages), then the top keywords of each size asked for (sizes), a page at a time (offset, limit; ${TOP_N} by default, as the screen shows).`,
  access: 'read',
  input: {
    storeId,
    channelId,
    startPage,
    endPage,
    sizes: z
      .array(z.union([z.literal(1), z.literal(2), z.literal(3)]))
      .min(1)
      .max(3)
      .optional()
      .describe('Keyword sizes to list: 1, 2 and/or 3 words (all three by default)'),
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(MAX_KEYWORD_ENTRIES).default(TOP_N),
  },
  run: async (args, context) => {
    const storeCredentials = await context.credentials(args.storeId);
    const { products, summary } = await channelRun(storeCredentials, context, args);
    const counter = createKeywordCounter();
    for (const product of products) counter.addProduct(product);
    const sizes = KEYWORD_SIZES.filter((size) => (args.sizes ?? KEYWORD_SIZES).includes(size));
    const keywords: Partial<Record<(typeof SIZE_NAMES)[KeywordSize], unknown[]>> = {};
    let more = false;
    for (const size of sizes) {
      keywords[SIZE_NAMES[size]] = counter.top(args.offset + args.limit, size).slice(args.offset);
      if (counter.distinct(size) > args.offset + args.limit) more = true;
    }
    return {
      summary: {
        ...summary,
        productsCounted: counter.products,
        distinctKeywords: Object.fromEntries(
          KEYWORD_SIZES.map((size) => [SIZE_NAMES[size], counter.distinct(size)]),
        ),
      },
      offset: args.offset,
      keywords,
      nextOffset: more ? args.offset + args.limit : null,
    };
  },
});

/** The keywords missing most often, with the number of products whose title lacks each. */
function mostMissing(lines: readonly MissingFromTitle[]) {
  const counts = new Map<string, number>();
  for (const line of lines) for (const word of line.missing) counts.set(word, (counts.get(word) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, MOST_MISSING)
    .map(([keyword, products]) => ({ keyword, products }));
}

const missingFromTitlesAgentTool = agentTool({
  name: 'missing_from_titles',
  title: 'Keywords missing from page titles',
  description: `The Keyword Extractor's "keywords missing from page titles" report: for each product, its top description keywords that its page title (or its name when it has none) lacks. Give a channelId (its products are read a page range at a time, as keyword_report does) or up to ${MISSING_REPORT_BATCH} productIds. Answers a summary (products checked, how many lack keywords, the keywords missing most often), then the products most missing first, a page at a time (offset, limit).`,
  access: 'read',
  input: {
    storeId,
    channelId: channelId.optional(),
    startPage,
    endPage,
    productIds: z
      .array(z.number())
      .max(MISSING_REPORT_BATCH)
      .optional()
      .describe('Instead of a channel: the products to check'),
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(MAX_REPORT_LINES).default(DEFAULT_REPORT_LINES),
  },
  run: async (args, context) => {
    const storeCredentials = await context.credentials(args.storeId);
    let lines: MissingFromTitle[];
    let summary: Record<string, unknown>;
    if (args.productIds !== undefined && args.channelId === undefined) {
      const request = parseInput(missingFromTitlesRequestSchema, {
        storeCredentials,
        productIds: args.productIds,
      });
      const report = await missingFromTitlesReport(context.client(storeCredentials), request.productIds, {
        signal: context.signal,
      });
      lines = report.lines;
      summary = { productsAsked: new Set(request.productIds).size, checked: report.checked };
    } else {
      if (args.channelId === undefined) {
        throw new AppError(ERROR_CODES.invalidInput, KEYWORD_MESSAGES.channelRequired);
      }
      const run = await channelRun(storeCredentials, context, args);
      lines = missingFromTitles(run.products);
      summary = { ...run.summary, checked: run.products.length };
    }
    const page = lines.slice(args.offset, args.offset + args.limit);
    return {
      summary: { ...summary, productsMissingKeywords: lines.length, mostMissing: mostMissing(lines) },
      offset: args.offset,
      products: page,
      nextOffset: args.offset + page.length < lines.length ? args.offset + page.length : null,
    };
  },
});

/** Keyword Extractor's tools: `list_channels`, `keyword_report`, `missing_from_titles`. */
export function keywordExtractorAgentTools(): AgentTool[] {
  return [listChannelsAgentTool, keywordReportAgentTool, missingFromTitlesAgentTool];
}
