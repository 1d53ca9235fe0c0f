import type { UIMessage } from 'ai';

export type CitationKind = 'strain' | 'paper' | 'notebook';

/** A record a tool returned during the turn: strains by slug, papers and notebooks by id. */
export interface Citation {
  kind: CitationKind;
  id: string;
  title: string;
}

export type ChatMetadata = {
  /** On assistant messages: only records a tool returned in that turn. */
  citations?: Citation[];
  provider?: string;
  model?: string;
  createdAt?: string;
  /** On user messages: what the label/receipt engine read from each photo (local provider). */
  photoReadings?: string[];
};

export type ChatUIMessage = UIMessage<ChatMetadata>;
