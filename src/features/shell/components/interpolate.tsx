import { Fragment, type ReactNode } from 'react';

/**
 * Fills `{placeholder}`s of a translated message with elements (links inside a sentence), so
 * each language keeps its own word order around them.
 */
export function interpolate(template: string, parts: Record<string, ReactNode>): ReactNode[] {
  return template.split(/(\{\w+\})/).map((piece, index) => {
    const name = /^\{(\w+)\}$/.exec(piece)?.[1];
    return <Fragment key={index}>{name !== undefined && name in parts ? parts[name] : piece}</Fragment>;
  });
}
