DROP TABLE conversation_reads;
DROP INDEX IF EXISTS messages_search_idx;
DROP TABLE messages;
DROP TABLE conversations;
