import { useStore } from "@nanostores/react";
import { useCallback, useEffect, useState } from "react";
import { $generatedPapersVersion, fetchGeneratedPapers, invalidateGeneratedPapers, type PapersPage } from "../../stores/generated-papers.ts";

export interface GeneratedPapersState extends PapersPage {
  loading: boolean;
  /** Forgets the cache and reads again. */
  reload: () => void;
}

/** A page of the user's generated papers, read again whenever a change invalidates the list. */
export function useGeneratedPapers(page: number, pageSize: number): GeneratedPapersState {
  const version = useStore($generatedPapersVersion);
  const [state, setState] = useState<PapersPage & { loading: boolean }>({ papers: [], total: 0, failed: false, loading: true });
  useEffect(() => {
    let live = true;
    fetchGeneratedPapers(page, pageSize).then((result) => {
      if (live) setState({ ...result, loading: false });
    });
    return () => {
      live = false;
    };
  }, [page, pageSize, version]);
  const reload = useCallback(() => invalidateGeneratedPapers(), []);
  return { ...state, reload };
}
