export { composeMail, mailColours, type MailColours, type MailContent, type MailLink } from './layout.ts';
