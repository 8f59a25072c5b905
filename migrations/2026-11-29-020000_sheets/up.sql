-- An uploaded import's temporary document: the rows read from the file and what they would
-- add and change, until a manager confirms it or it expires. The uploader's, like a file.
CREATE TABLE import_documents (
    id uuid PRIMARY KEY,
    store_id uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    -- What the file holds: roles, employees, ...
    kind text NOT NULL,
    created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- The file's cells ({header, rows}), validated again on confirmation.
    cells jsonb NOT NULL,
    -- The import result shown before confirming ({new, update}).
    result jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL
);

CREATE INDEX import_documents_expiry ON import_documents (expires_at);
