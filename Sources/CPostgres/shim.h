#include <libpq-fe.h>

/* Field codes of PQresultErrorField: postgres_ext.h defines them as character macros, which
   Swift does not import. */
static const int CPostgresDiagSQLState = 'C';
static const int CPostgresDiagMessagePrimary = 'M';
static const int CPostgresDiagConstraintName = 'n';
