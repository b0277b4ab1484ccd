package dev.scgraph.neo4j;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.BoltConnectorInternalSettings;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.connectors.HttpsConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.driver.AuthTokens;
import org.neo4j.driver.Config;
import org.neo4j.driver.Driver;
import org.neo4j.driver.GraphDatabase;
import org.neo4j.driver.Logging;
import org.neo4j.driver.Session;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.logging.Level;
import org.neo4j.logging.log4j.Log4jLogProvider;

/**
 * Runs a Neo4j Community DBMS in this JVM (embedded) and serves it over Bolt on the loopback
 * interface only, with authentication on. Used by scripts/neo4j for local development and the
 * integration tests; it is not a production server.
 *
 * <p>Configuration, all optional except the home directory:
 *
 * <ul>
 *   <li>system property {@code scgraph.neo4j.home}: DBMS home (data/ and logs/ live under it);
 *   <li>environment {@code NEO4J_PASSWORD}: password of the {@code neo4j} user
 *       (default {@value #DEFAULT_PASSWORD}, at least 8 characters);
 *   <li>environment {@code NEO4J_BOLT_PORT}: Bolt port on 127.0.0.1 (default 7687);
 *   <li>environment {@code NEO4J_PAGECACHE}: page cache size such as {@code 256m} or {@code 1g}
 *       (default 256m).
 * </ul>
 *
 * <p>The password is read from the environment, never from the command line, so it does not show
 * up in process listings. Once Bolt answers an authenticated {@code RETURN 1}, the line
 * {@value #READY_MARKER} is printed to stdout; scripts/neo4j waits for it.
 */
public final class Main {
    static final String READY_MARKER = "scgraph-neo4j: READY";
    static final String DEFAULT_PASSWORD = "scgraph-dev-password";
    static final String USER = "neo4j";
    static final String LISTEN_HOST = "127.0.0.1";
    private static final int MIN_PASSWORD_LENGTH = 8;
    private static final String PASSWORD_SET_MARKER = "scgraph-initial-password-set";

    private Main() {}

    public static void main(String[] args) {
        PrintStream out = System.out;
        try {
            run(out);
        } catch (Throwable t) {
            out.println("scgraph-neo4j: FAILED: " + t);
            t.printStackTrace(out);
            out.flush();
            // exit (not return): runs the shutdown hook if the DBMS is up, and ends the JVM even
            // if a half-started DBMS left non-daemon threads behind.
            System.exit(1);
        }
    }

    private static void run(PrintStream out) throws Exception {
        String homeProp = System.getProperty("scgraph.neo4j.home");
        if (homeProp == null || homeProp.isBlank()) {
            throw new IllegalArgumentException("system property scgraph.neo4j.home is required");
        }
        Path home = Path.of(homeProp).toAbsolutePath();
        String password = env("NEO4J_PASSWORD", DEFAULT_PASSWORD);
        if (password.length() < MIN_PASSWORD_LENGTH) {
            throw new IllegalArgumentException(
                    "NEO4J_PASSWORD must be at least " + MIN_PASSWORD_LENGTH + " characters");
        }
        int boltPort = parsePort(env("NEO4J_BOLT_PORT", "7687"));
        long pageCache = parseBytes(env("NEO4J_PAGECACHE", "256m"));
        Files.createDirectories(home);

        Log4jLogProvider userLog = new Log4jLogProvider(out, Level.INFO);

        // A brand-new DBMS creates the neo4j user with the well-known password "neo4j". Set the
        // real password once with Bolt switched off, so no client can ever see the default one.
        Path passwordSet = home.resolve(PASSWORD_SET_MARKER);
        if (!Files.exists(passwordSet)) {
            out.println("scgraph-neo4j: setting the initial password of a new database in " + home);
            DatabaseManagementService bootstrap =
                    builder(home, pageCache, boltPort, false).setUserLogProvider(userLog).build();
            try {
                setPassword(bootstrap, password);
            } finally {
                bootstrap.shutdown();
            }
            Files.writeString(passwordSet, "the neo4j user's password was set from NEO4J_PASSWORD\n");
        }

        out.println("scgraph-neo4j: starting Neo4j " + neo4jVersion() + " in " + home
                + ", Bolt on " + LISTEN_HOST + ":" + boltPort + " " + uptime());
        DatabaseManagementService dbms =
                builder(home, pageCache, boltPort, true).setUserLogProvider(userLog).build();

        CountDownLatch stopped = new CountDownLatch(1);
        AtomicBoolean shuttingDown = new AtomicBoolean();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (!shuttingDown.compareAndSet(false, true)) {
                return;
            }
            out.println("scgraph-neo4j: shutting down");
            out.flush();
            try {
                dbms.shutdown();
                out.println("scgraph-neo4j: stopped " + uptime());
            } catch (RuntimeException e) {
                out.println("scgraph-neo4j: error during shutdown: " + e);
            } finally {
                out.flush();
                stopped.countDown();
            }
        }, "scgraph-neo4j-shutdown"));

        // Keeps the stored password in step with NEO4J_PASSWORD if it changed since the last run.
        setPassword(dbms, password);
        out.println("scgraph-neo4j: DBMS up, checking Bolt " + uptime());
        selfCheck(boltPort, password);
        out.println(READY_MARKER + " bolt://" + LISTEN_HOST + ":" + boltPort + " " + uptime());
        out.flush();
        stopped.await();
    }

    private static DatabaseManagementServiceBuilder builder(
            Path home, long pageCache, int boltPort, boolean boltEnabled) {
        return new DatabaseManagementServiceBuilder(home)
                .setConfig(GraphDatabaseSettings.default_listen_address, new SocketAddress(LISTEN_HOST))
                .setConfig(GraphDatabaseSettings.default_advertised_address, new SocketAddress(LISTEN_HOST))
                .setConfig(GraphDatabaseSettings.auth_enabled, true)
                .setConfig(GraphDatabaseSettings.auth_minimum_password_length, MIN_PASSWORD_LENGTH)
                .setConfig(GraphDatabaseSettings.pagecache_memory, pageCache)
                .setConfig(GraphDatabaseSettings.udc_enabled, false)
                // Tests create and drop a lot of data: do not keep days of transaction logs.
                .setConfig(GraphDatabaseSettings.keep_logical_logs, "128M size")
                // Do not preallocate 256 MB per transaction log file (per database) on disk.
                .setConfig(GraphDatabaseSettings.preallocate_logical_logs, false)
                .setConfig(BoltConnector.enabled, boltEnabled)
                .setConfig(BoltConnector.listen_address, new SocketAddress(LISTEN_HOST, boltPort))
                .setConfig(BoltConnector.advertised_address, new SocketAddress(LISTEN_HOST, boltPort))
                .setConfig(BoltConnector.encryption_level, BoltConnector.EncryptionLevel.DISABLED)
                // Stop in about a second instead of 10+: do not wait 5 s twice for Bolt clients
                // that are gone anyway when a test run stops its server.
                .setConfig(BoltConnectorInternalSettings.connection_shutdown_wait_time, Duration.ofMillis(500))
                .setConfig(BoltConnectorInternalSettings.thread_pool_shutdown_wait_time, Duration.ofMillis(500))
                .setConfig(HttpConnector.enabled, false)
                .setConfig(HttpsConnector.enabled, false);
    }

    /** Sets the neo4j user's password through the system database (no Bolt involved). */
    private static void setPassword(DatabaseManagementService dbms, String password) {
        GraphDatabaseService system = dbms.database(GraphDatabaseSettings.SYSTEM_DATABASE_NAME);
        try {
            system.executeTransactionally(
                    "ALTER USER " + USER + " SET PASSWORD $password CHANGE NOT REQUIRED",
                    Map.of("password", password));
        } catch (RuntimeException e) {
            // Neo4j refuses to "change" a password to the one it already has: nothing to do.
            if (!String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT).contains("cannot be the same")) {
                throw e;
            }
        }
    }

    /** Proves that Bolt answers and the password works, the way a client would use it. */
    private static void selfCheck(int boltPort, String password) {
        Config config = Config.builder()
                .withLogging(Logging.none())
                .withConnectionTimeout(10, TimeUnit.SECONDS)
                .build();
        try (Driver driver = GraphDatabase.driver(
                        "bolt://" + LISTEN_HOST + ":" + boltPort, AuthTokens.basic(USER, password), config);
                Session session = driver.session()) {
            long one = session.run("RETURN 1 AS one").single().get("one").asLong();
            if (one != 1) {
                throw new IllegalStateException("Bolt self-check returned " + one);
            }
        }
    }

    private static String uptime() {
        return "(JVM uptime " + ManagementFactory.getRuntimeMXBean().getUptime() + " ms)";
    }

    private static String neo4jVersion() {
        String v = DatabaseManagementService.class.getPackage().getImplementationVersion();
        return v == null ? "(unknown version)" : v;
    }

    private static String env(String name, String fallback) {
        String v = System.getenv(name);
        return v == null || v.isEmpty() ? fallback : v;
    }

    private static int parsePort(String s) {
        int port;
        try {
            port = Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("NEO4J_BOLT_PORT is not a number: " + s);
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("NEO4J_BOLT_PORT out of range: " + s);
        }
        return port;
    }

    /** Parses sizes like 268435456, 512k, 256m, 1g. */
    static long parseBytes(String s) {
        String t = s.trim().toLowerCase(Locale.ROOT);
        long unit = 1;
        if (t.endsWith("k")) {
            unit = 1L << 10;
        } else if (t.endsWith("m")) {
            unit = 1L << 20;
        } else if (t.endsWith("g")) {
            unit = 1L << 30;
        }
        if (unit != 1) {
            t = t.substring(0, t.length() - 1);
        }
        try {
            long n = Long.parseLong(t);
            if (n <= 0) {
                throw new NumberFormatException();
            }
            return Math.multiplyExact(n, unit);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("bad size: " + s + " (want e.g. 256m or 1g)");
        }
    }
}
