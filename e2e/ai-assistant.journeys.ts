// Journeys of the AI Assistant (spec part 2 §2, §4, §5, §8, §9; issue 18). The main app has no model configured, so
// its answers come in offline mode; one journey starts an app of its own pointed at a loopback OpenAI-compatible
// server (server/features/ai-assistant/testing/fake-model.ts) for a model's streamed answer, its failure and a 429
// countdown, and its read-only store tools. Expected texts are written out from the spec, not imported from the
// catalogues.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  EXPECTED_STORE_TOOL_NAMES,
  offeredToolNames,
  startFakeModel,
} from '../server/features/ai-assistant/testing/fake-model';
import { eventually, startApp, type Journey } from './harness';
import {
  clientAddress,
  DESKTOP,
  expectText,
  expectTextIncludes,
  holdStores,
  logIn,
  openPage,
  savedStores,
  signUpByApi,
  textOf,
} from './helpers';

const PASSWORD = 'chat-secret-1';
const CHAT_MESSAGE = '/api/chat/message';
let accounts = 0;

async function signedInOnChat(page: Page, baseUrl: string, label: string): Promise<void> {
  const email = `chat-${label}-${Date.now()}-${++accounts}@example.com`;
  await signUpByApi(baseUrl, { name: `Chat ${label}`, email, password: PASSWORD });
  await logIn(page, email, PASSWORD);
  await page.goto('/?tab=ai-assistant');
  await page.getByTestId('chat-welcome').waitFor();
}

/** Counts changes under the message list, to see an answer arrive in pieces. */
async function watchMessages(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const target = document.querySelector('[data-testid="chat-messages"]');
    const state = window as unknown as { chatMutations: number };
    state.chatMutations = 0;
    if (target) {
      new MutationObserver((records) => {
        state.chatMutations += records.length;
      }).observe(target, { subtree: true, childList: true, characterData: true });
    }
  });
  return () => page.evaluate(() => (window as unknown as { chatMutations: number }).chatMutations);
}

const assistantMessages = (page: Page) => page.getByTestId('chat-message-assistant');
const userMessages = (page: Page) => page.getByTestId('chat-message-user');

async function widthOf(page: Page, testId: string): Promise<number> {
  const box = await page.getByTestId(testId).boundingBox();
  return Math.round(box?.width ?? 0);
}

export const aiAssistantJourneys: Journey[] = [
  {
    name: 'ai-assistant: a visitor is asked to log in or create an account',
    run: async ({ newPage }) => {
      const page = await openPage(newPage);
      await page.goto('/?tab=ai-assistant');
      const panel = page.getByTestId('auth-required');
      await expectText(panel.locator('h2'), 'Authentication Required');
      assert.equal(await panel.getByRole('link', { name: 'Log In' }).getAttribute('href'), '/auth/login');
      assert.equal(
        await panel.getByRole('link', { name: 'Create Account' }).getAttribute('href'),
        '/auth/register',
      );
      assert.equal(await page.getByTestId('chat-input').count(), 0);
    },
  },
  {
    name: 'ai-assistant: offline mode streams a cited answer; Enter sends, Shift+Enter adds a line; the history keeps it',
    run: async ({ newPage, baseUrl }) => {
      const page = await openPage(newPage);
      await signedInOnChat(page, baseUrl, 'offline');
      await expectText(page.getByTestId('chat-title'), 'AI Assistant');
      await expectText(page.getByTestId('chat-mode'), 'Offline mode');
      const starters = page.getByTestId('chat-starter');
      assert.equal(await starters.count(), 4);

      const mutations = await watchMessages(page);
      const starter = 'Why can’t I add a custom Handlebars helper to my Stencil theme?';
      await page.getByRole('button', { name: starter }).click();
      await expectText(userMessages(page).first(), `You: ${starter}`);
      const answer = assistantMessages(page).first();
      await expectTextIncludes(answer, 'Offline mode: no AI model is configured on this server');
      await expectTextIncludes(answer, '[1] Why custom Handlebars helpers are not allowed in Stencil');
      await eventually(async () => assert.equal(await answer.getAttribute('data-pending'), null));
      await expectTextIncludes(answer, 'Sources');
      assert.ok((await mutations()) > 5, 'the answer arrived in pieces');
      // The Markdown is rendered: the quoted passage is a heading, the sources a list.
      assert.equal(
        await answer.locator('h3').first().innerText(),
        '[1] Why custom Handlebars helpers are not allowed in Stencil',
      );
      assert.ok((await answer.locator('li').count()) >= 1);

      // The sidebar lists the conversation, titled from the first question.
      const session = page.getByTestId('chat-session').first();
      // At most 60 characters, cut at a word.
      await expectText(
        session.getByTestId('chat-session-title'),
        'Why can’t I add a custom Handlebars helper to my Stencil…',
      );
      await expectText(session.getByTestId('chat-session-time'), 'Just now');

      // A blank message is not sent; Shift+Enter adds a line; Enter sends.
      const input = page.getByTestId('chat-input');
      await input.focus();
      await page.keyboard.press('Enter');
      assert.equal(await userMessages(page).count(), 1);
      assert.ok(await page.getByTestId('chat-send').isDisabled());
      await input.pressSequentially('What are category trees?');
      await page.keyboard.press('Shift+Enter');
      await input.pressSequentially('And channels?');
      assert.equal(await input.inputValue(), 'What are category trees?\nAnd channels?');
      assert.equal(await userMessages(page).count(), 1);
      await page.keyboard.press('Enter');
      await eventually(async () => assert.equal(await userMessages(page).count(), 2));
      await expectTextIncludes(assistantMessages(page).nth(1), 'Category trees and categories');
      assert.equal(await input.inputValue(), '');

      // New Chat shows the welcome screen; choosing the conversation loads it back.
      await page.getByTestId('chat-new').click();
      await page.getByTestId('chat-welcome').waitFor();
      await page.getByTestId('chat-session-title').first().click();
      await eventually(async () => assert.equal(await userMessages(page).count(), 2));
      await expectTextIncludes(assistantMessages(page).nth(1), 'Category trees and categories');

      // The sidebar: 72 units (18rem) expanded, 16 (4rem) collapsed.
      assert.equal(await widthOf(page, 'chat-sidebar'), 288);
      await page.getByRole('button', { name: 'Collapse history' }).click();
      await eventually(async () => assert.equal(await widthOf(page, 'chat-sidebar'), 64));
      assert.equal(await page.getByTestId('chat-session').count(), 0);
      await page.getByRole('button', { name: 'Expand history' }).click();
      await eventually(async () => assert.equal(await widthOf(page, 'chat-sidebar'), 288));
      await page.getByTestId('chat-session').first().waitFor();
    },
  },
  {
    name: 'ai-assistant: deleting a conversation asks first, and Cancel keeps it; failed loads and deletes say so',
    run: async ({ newPage, baseUrl }) => {
      // Filled once the session id is known: the failures this journey causes on purpose.
      const failedOnPurpose: string[] = [];
      const page = await openPage(newPage, { allowedFailedPaths: failedOnPurpose });
      await signedInOnChat(page, baseUrl, 'delete');
      const input = page.getByTestId('chat-input');
      await input.fill('What is a placement?');
      await page.keyboard.press('Enter');
      await eventually(async () =>
        assert.equal(await assistantMessages(page).first().getAttribute('data-pending'), null),
      );
      await page.getByTestId('chat-session').first().waitFor();

      await page.getByRole('button', { name: 'Delete conversation: What is a placement?' }).click();
      const dialog = page.getByTestId('chat-delete-dialog');
      await expectTextIncludes(dialog, 'Are you sure you want to delete this conversation?');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await eventually(async () => assert.equal(await dialog.count(), 0));
      assert.equal(await page.getByTestId('chat-session').count(), 1);

      // The server fails: 'Failed to load conversation', 'Failed to delete conversation', and nothing is lost.
      const sessionId =
        (await page.getByTestId('chat-session').first().getAttribute('data-session-id')) ?? '';
      const historyPath = `/api/chat/history/${sessionId}`;
      failedOnPurpose.push(historyPath);
      await page.route(`**${historyPath}`, (route) =>
        route.fulfill({ status: 500, json: { error: 'boom', code: 'internal' } }),
      );
      await page.getByTestId('chat-new').click();
      await page.getByTestId('chat-welcome').waitFor();
      await page.getByTestId('chat-session-title').first().click();
      await expectText(page.getByTestId('chat-error'), 'Failed to load conversation');
      await page.getByRole('button', { name: 'Delete conversation: What is a placement?' }).click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expectTextIncludes(page.getByTestId('chat-delete-failed'), 'Failed to delete conversation');
      assert.equal(await page.getByTestId('chat-session').count(), 1);
      await page.unroute(`**${historyPath}`);
      await page.getByTestId('chat-session-title').first().click();
      await eventually(async () => assert.equal(await userMessages(page).count(), 1));

      await page.getByRole('button', { name: 'Delete conversation: What is a placement?' }).click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await eventually(async () => assert.equal(await page.getByTestId('chat-session').count(), 0));
      assert.equal(await page.getByTestId('chat-delete-failed').count(), 0);
      await expectText(page.getByTestId('chat-sessions').locator('..'), /No conversations yet/);
      // The open conversation was the one deleted: a new chat begins.
      await page.getByTestId('chat-welcome').waitFor();
      const reloaded = await page.request.get(`${baseUrl}/api/chat/sessions?limit=50`);
      assert.deepEqual(await reloaded.json(), { sessions: [] });
    },
  },
  {
    name: 'ai-assistant: with a model, the answer streams in; a failure and a 429 countdown pass; a picked store is read by tools',
    run: async ({ newPage }) => {
      const fake = await startFakeModel();
      const app = await startApp({
        TRUSTED_PROXIES: '127.0.0.1',
        AI_BASE_URL: fake.url,
        AI_MODEL: 'fake-journey-model',
      });
      let opened: Page | undefined;
      try {
        const page = await newPage({
          ...DESKTOP,
          baseURL: app.baseUrl,
          extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
          allowedFailedPaths: [CHAT_MESSAGE],
        });
        opened = page;
        // The browser holds the demo store, to be picked in the chat for the model's read-only tools.
        await holdStores(
          page,
          savedStores('chat', [{ name: 'Demo', storeHash: 'sandbox-demo', apiToken: 'demo-token' }]),
        );
        await signedInOnChat(page, app.baseUrl, 'model');
        await expectText(page.getByTestId('chat-mode'), 'AI model');

        const mutations = await watchMessages(page);
        const input = page.getByTestId('chat-input');
        await input.fill('How many products can I update in one batch request?');
        await page.keyboard.press('Enter');
        const answer = assistantMessages(page).first();
        await expectTextIncludes(
          answer,
          'Fake model answer to "How many products can I update in one batch request?": follow the help passage [1].',
        );
        await eventually(async () => assert.equal(await answer.getAttribute('data-pending'), null));
        await expectTextIncludes(answer, 'Sources [1] Batch limits and per-request caps');
        assert.ok((await mutations()) > 5, 'the answer arrived in pieces');
        assert.equal(fake.requests.length, 1);

        // Any other failure: the placeholder goes, the spec's message shows, and the next message goes through.
        fake.enqueue({ kind: 'status', status: 500 });
        await input.fill('What is a widget?');
        await page.keyboard.press('Enter');
        await expectText(page.getByTestId('chat-error'), 'Failed to get response. Please try again.');
        assert.equal(await assistantMessages(page).count(), 1);
        assert.equal(await userMessages(page).count(), 2);

        // A 429: the placeholder goes and sending waits for Retry-After, counting down.
        fake.enqueue({ kind: 'status', status: 429, retryAfter: '3' });
        await input.fill('What is a region?');
        await page.keyboard.press('Enter');
        const countdown = page.getByTestId('chat-countdown');
        await expectTextIncludes(countdown, 'Rate limit exceeded. Please try again later.');
        await expectText(countdown, /Please wait [1-3] seconds before trying again\./);
        assert.ok(await input.isDisabled());
        assert.equal(await assistantMessages(page).count(), 1);
        await eventually(async () => assert.equal(await countdown.count(), 0), 6_000);
        assert.ok(await input.isEnabled());
        await input.fill('What is a region?');
        await page.keyboard.press('Enter');
        await eventually(async () => assert.equal(await assistantMessages(page).count(), 2));
        await expectTextIncludes(assistantMessages(page).nth(1), 'Fake model answer to "What is a region?"');
        assert.ok((await textOf(page.getByTestId('chat-session').first())).length > 0);

        // With the demo store picked, the model looks a product up there (read-only) and answers from it.
        const listed = await fetch(
          `${app.baseUrl}/sandbox/stores/sandbox-demo/v3/catalog/products?limit=1&include_fields=id,name`,
          { headers: { 'X-Auth-Token': 'demo-token', accept: 'application/json' } },
        );
        const product = ((await listed.json()) as { data: { id: number; name: string }[] }).data[0];
        assert.ok(product, 'the demo store has a product');
        await page.getByTestId('chat-store-picker-select').selectOption({ label: 'Demo (sandbox-demo)' });
        fake.enqueue({ kind: 'tool', name: 'dump_product', args: { searchValue: product.id } });
        await input.fill(`What is product ${product.id}?`);
        await page.keyboard.press('Enter');
        await eventually(async () => assert.equal(await assistantMessages(page).count(), 3));
        await expectTextIncludes(assistantMessages(page).nth(2), `"name":${JSON.stringify(product.name)}`);
        // The agent-tool registry's store read tools, the same as the MCP server's (issue 33).
        assert.deepEqual(offeredToolNames(fake.requests.at(-2)), EXPECTED_STORE_TOOL_NAMES);
      } finally {
        // The page stops asking before its server goes.
        await opened?.context().close();
        await app.stop();
        await fake.close();
      }
    },
  },
];
