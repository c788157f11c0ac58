/// One statement as strata sends it: its SQL, and the parameters it binds
/// in order, its own (`$1`, `$2`, …) then a filter's operands after them
/// (`PostgresStatements.statement`).
struct PostgresStatement {
    let sql: String
    let parameters: [String]
}
