DROP TABLE import_documents;
