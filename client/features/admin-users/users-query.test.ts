import { describe, expect, it } from 'vitest';
import { auditActionSchema } from '../../../common/contracts/admin-users';
import { createI18n } from '../../lib/i18n';
import { auditActionKey, buildListUsersQuery, describeDetail, pageCount } from './users-query';

describe('buildListUsersQuery', () => {
  it('asks for the first page, newest first, without a search', () => {
    expect(buildListUsersQuery({ search: '  ', searchField: 'email', page: 1 })).toEqual({
      limit: 10,
      offset: 0,
      sortBy: 'createdAt',
      sortDirection: 'desc',
    });
  });

  it('pages by ten and searches the chosen field with contains', () => {
    expect(buildListUsersQuery({ search: ' lan ', searchField: 'name', page: 3 })).toEqual({
      limit: 10,
      offset: 20,
      sortBy: 'createdAt',
      sortDirection: 'desc',
      searchValue: 'lan',
      searchField: 'name',
      searchOperator: 'contains',
    });
  });

  it('searches addresses in lower case (they are stored so), names as typed', () => {
    expect(buildListUsersQuery({ search: 'Lan@Example', searchField: 'email', page: 1 }).searchValue).toBe(
      'lan@example',
    );
    expect(buildListUsersQuery({ search: 'Lan', searchField: 'name', page: 1 }).searchValue).toBe('Lan');
  });

  it('never asks for a page before the first', () => {
    expect(buildListUsersQuery({ search: '', searchField: 'email', page: 0 }).offset).toBe(0);
  });
});

describe('pageCount', () => {
  it('rounds up and is at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});

describe('audit log texts', () => {
  it('names every audit action in both languages', () => {
    for (const language of ['en', 'vi'] as const) {
      const { t } = createI18n(language);
      for (const action of auditActionSchema.options) {
        const text = t(auditActionKey(action));
        expect(text, `${language} ${action}`).not.toContain('adminUsers.');
        expect(text.trim()).not.toBe('');
      }
    }
    expect(createI18n('en').t(auditActionKey('impersonation.start'))).toBe('Impersonation started');
  });

  it('describes a detail as key: value pairs', () => {
    expect(describeDetail(null)).toBe('');
    expect(describeDetail({ role: 'admin', count: 2 })).toBe('role: admin, count: 2');
  });
});
