import { describe, expect, it } from 'vitest';
import { isConversationPath, safeReturnPath, withReturn } from './return-path.ts';

describe('safeReturnPath', () => {
  it('keeps a path on the same site, with its query and fragment', () => {
    expect(safeReturnPath('/chats/01abc')).toBe('/chats/01abc');
    expect(safeReturnPath('/de/members/x/chat?gift=1#end')).toBe('/de/members/x/chat?gift=1#end');
    expect(safeReturnPath('/members/a/../b')).toBe('/members/b');
  });

  it.each([
    ['//evil.example', 'protocol-relative'],
    ['//evil.example/chats/1', 'protocol-relative with a path'],
    ['/\\evil.example', 'a backslash browsers read as a slash'],
    ['\\\\evil.example', 'two backslashes'],
    ['https://evil.example/', 'an absolute URL'],
    ['http://localhost/chats/1', 'an absolute URL of any host'],
    ['javascript:alert(1)', 'a script URL'],
    ['chats/1', 'a relative path'],
    ['/\t/evil.example', 'a control character'],
    ['/api/logout.php', 'an API call'],
    ['', 'nothing'],
    [`/${'a'.repeat(600)}`, 'too long'],
  ])('refuses %s (%s)', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(['/chats/1'])).toBeNull();
  });
});

describe('withReturn', () => {
  it('adds a safe path as `return`, and nothing else', () => {
    expect(withReturn('/credits', '/chats/1')).toBe('/credits?return=%2Fchats%2F1');
    expect(withReturn('/credits?discountcode=A', '/chats/1')).toBe(
      '/credits?discountcode=A&return=%2Fchats%2F1',
    );
    expect(withReturn('/credits', '//evil.example')).toBe('/credits');
    expect(withReturn('/credits', null)).toBe('/credits');
  });
});

describe('isConversationPath', () => {
  it('knows a conversation in any locale', () => {
    expect(isConversationPath('/chats/01abc')).toBe(true);
    expect(isConversationPath('/de/members/x/chat')).toBe(true);
    expect(isConversationPath('/members/x')).toBe(false);
    expect(isConversationPath('/chats')).toBe(false);
  });
});
