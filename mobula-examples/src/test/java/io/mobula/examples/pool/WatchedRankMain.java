package io.mobula.examples.pool;

import io.mobula.pool.Pool;
import io.mobula.pool.PoolOptions;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * Joins the pool its system properties describe and prints {@code JOINED <rank> <address>}, then every pool event as
 * {@code EVENT <kind> <rank> <detail>}; on a {@code STATUS} line from standard input prints {@code STATUS none} or
 * {@code STATUS <kind> <rank>} (the first failure it knows of); leaves the pool on {@code QUIT} or end of input.
 */
public final class WatchedRankMain {
    private WatchedRankMain() {
    }

    public static void main(String[] args) throws Exception {
        Pool pool = Pool.join(PoolOptions.fromEnvironment());
        pool.addListener(ev -> {
            System.out.println("EVENT " + ev.kind() + " " + ev.rank() + " " + ev.detail());
            System.out.flush();
        });
        System.out.println("JOINED " + pool.rank() + " " + pool.self().address());
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null && !line.equals("QUIT")) {
            if (line.equals("STATUS")) {
                System.out.println("STATUS " + pool.failure().map(e -> e.kind() + " " + e.rank()).orElse("none"));
                System.out.flush();
            }
        }
        pool.close();
        System.exit(0);
    }
}
