-- Every stored code a Rust enum reads has its set of values checked by the database too.
ALTER TABLE clock_punches
    ADD CONSTRAINT clock_punches_op_check CHECK (op IN ('start', 'breakStart', 'breakEnd', 'complete'));
ALTER TABLE clock_code_uses
    ADD CONSTRAINT clock_code_uses_op_check CHECK (op IN ('start', 'breakStart', 'breakEnd', 'complete'));
ALTER TABLE import_documents
    ADD CONSTRAINT import_documents_kind_check CHECK (kind IN ('roles', 'employees', 'shiftTemplates'));
