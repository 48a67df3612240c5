// Access tokens for AI agents in Profile Settings (issue 33): create one (the secret shown once), see it listed with
// its scope and "never used", use it at /mcp (the list then shows its last use), revoke it (refused at /mcp after).
import assert from 'node:assert/strict';
import { chooseLanguage } from './accessibility.journeys';
import { expectNoSeriousViolations } from './axe';
import { eventually, type Journey } from './harness';
import { expectText, logIn, mcpStatus, openPage, signUpByApi, textOf, verifyByApi } from './helpers';

const PASSWORD = 'agent-pass-1';

export const accessTokensJourneys: Journey[] = [
  {
    name: 'Access tokens (issue 33): Profile Settings creates a token shown once, lists it, it opens /mcp, revoking shuts it out',
    run: async ({ baseUrl, newPage, screenshot }) => {
      await signUpByApi(baseUrl, { name: 'Lan Agent', email: 'lan.agent@example.com', password: PASSWORD });
      // Access tokens need a verified email address (issue 41).
      await verifyByApi(baseUrl, 'lan.agent@example.com');
      const page = await openPage(newPage);
      await logIn(page, 'lan.agent@example.com', PASSWORD);
      await page.getByTestId('profile-control').click();
      await page.getByRole('menuitem', { name: 'Profile Settings' }).click();

      const panel = page.getByTestId('access-tokens');
      await expectText(panel.getByTestId('tokens-none'), 'No access tokens yet.');
      await expectText(
        panel.locator('p').first(),
        new RegExp(`connects to ${baseUrl.replace(/[.]/g, '\\.')}/mcp with a token`),
      );
      // Nothing to send without a name; a wrong number of days is said under its field.
      assert.equal(await panel.getByTestId('token-create').isDisabled(), true);
      await panel.getByTestId('token-name-input').fill('Claude Desktop');
      await panel.getByTestId('token-days').fill('400');
      await expectText(
        panel.getByText('Enter a whole number of days from 1 to 365'),
        'Enter a whole number of days from 1 to 365',
      );
      await panel.getByTestId('token-days').fill('7');
      await panel.getByTestId('token-scope').selectOption('write');
      await panel.getByTestId('token-create').click();

      await expectText(
        panel.getByTestId('token-created').locator('p').first(),
        'Copy your new token now: it is not shown again.',
      );
      const token = await textOf(panel.getByTestId('token-secret'));
      assert.match(token, /^bct_[A-Za-z0-9_-]{43}$/);
      // Shown once, so the page moves to it and focus lands on it (issue 44), within the window.
      await eventually(async () =>
        assert.deepEqual(
          await page.evaluate(() => {
            const secret = document.querySelector('[data-testid="token-secret"]');
            const rect = secret?.getBoundingClientRect();
            return {
              focusHoldsIt: Boolean(secret && document.activeElement?.contains(secret)),
              inView: Boolean(rect && rect.top >= 0 && rect.bottom <= window.innerHeight),
            };
          }),
          { focusHoldsIt: true, inView: true },
        ),
      );
      // The client configurations carry the app's own address and the new token.
      const snippets = panel.getByTestId('mcp-snippets');
      const snippet = snippets.getByTestId('mcp-snippet');
      await expectText(
        snippet,
        `claude mcp add --transport http bc-toolbox ${baseUrl}/mcp --header 'Authorization: Bearer ${token}'`,
      );
      await snippets.getByText('VS Code (.vscode/mcp.json)').click();
      await eventually(async () =>
        assert.deepEqual(JSON.parse(await textOf(snippet)), {
          servers: {
            'bc-toolbox': {
              type: 'http',
              url: `${baseUrl}/mcp`,
              headers: { Authorization: `Bearer ${token}` },
            },
          },
        }),
      );
      await snippets.getByText('Cursor (~/.cursor/mcp.json)').click();
      await eventually(async () =>
        assert.deepEqual(JSON.parse(await textOf(snippet)), {
          mcpServers: {
            'bc-toolbox': { url: `${baseUrl}/mcp`, headers: { Authorization: `Bearer ${token}` } },
          },
        }),
      );
      await snippets.getByText('Other clients (header)').click();
      await expectText(snippet, `Authorization: Bearer ${token}`);
      // In Vietnamese too, and axe finds nothing serious there.
      await chooseLanguage(page, 'vi');
      await expectText(snippets.locator('h3'), 'Kết nối một ứng dụng MCP');
      await expectText(
        snippets.getByTestId('mcp-snippets-note'),
        'Đã có token mới: dán đoạn này vào cấu hình của ứng dụng.',
      );
      await expectText(snippets.locator('label').last(), 'Ứng dụng khác (header)');
      await expectNoSeriousViolations(page, 'Profile Settings with an access token, in Vietnamese');
      await chooseLanguage(page, 'en');
      await expectText(panel.getByTestId('token-name'), 'Claude Desktop');
      await expectText(panel.getByTestId('token-facts'), /^Read and write · expires .+ · never used$/);
      await expectNoSeriousViolations(page, 'Profile Settings with an access token');
      await screenshot(page, 'access-tokens');

      assert.equal(await mcpStatus(baseUrl, token), 200);
      await page.reload();
      await expectText(page.getByTestId('token-facts'), /^Read and write · expires .+ · last used .+$/);
      // Shown once: after a reload the secret is nowhere on the page.
      assert.equal(await page.getByTestId('token-secret').count(), 0);
      assert.ok(!(await page.content()).includes(token));
      await expectText(
        page.getByTestId('mcp-snippet'),
        `claude mcp add --transport http bc-toolbox ${baseUrl}/mcp --header 'Authorization: Bearer bct_…'`,
      );

      await page.getByRole('button', { name: 'Revoke Claude Desktop' }).click();
      await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Revoke' }).click();
      await expectText(page.getByTestId('tokens-none'), 'No access tokens yet.');
      await eventually(async () => assert.equal(await mcpStatus(baseUrl, token), 401));
    },
  },
];
