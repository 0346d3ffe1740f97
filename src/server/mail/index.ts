export { composeMail, mailColours, type MailColours, type MailContent, type MailLink } from './layout.ts';
export { statementOfReasons, type Statement } from './statement.ts';
