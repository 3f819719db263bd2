package dev.docsassistant.security;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TrustedProxiesTest {
    private static final TrustedProxies PROXIES = TrustedProxies.parse(List.of("10.0.0.0/8", "192.168.1.7", "fd00::/8"));

    private static InetAddress ip(String s) {
        return ClientAddress.parseLiteral(s);
    }

    private static String client(String peer, String... forwardedFor) {
        return PROXIES.client(ip(peer), List.of(forwardedFor)).toString();
    }

    @Test
    void cidrBlocksAndSingleAddressesMatch() {
        assertTrue(PROXIES.trusts(ip("10.255.3.4")));
        assertTrue(PROXIES.trusts(ip("192.168.1.7")));
        assertFalse(PROXIES.trusts(ip("192.168.1.8")));
        assertFalse(PROXIES.trusts(ip("11.0.0.1")));
        assertTrue(PROXIES.trusts(ip("fd12:3456::1")));
        assertFalse(PROXIES.trusts(ip("fe80::1")));
        assertTrue(PROXIES.trusts(ip("::ffff:10.1.2.3")), "IPv4-mapped IPv6 is the IPv4 address");
        assertTrue(TrustedProxies.parse(List.of("172.16.0.0/12")).trusts(ip("172.31.255.255")));
        assertFalse(TrustedProxies.parse(List.of("172.16.0.0/12")).trusts(ip("172.32.0.0")));
    }

    @Test
    void anUntrustedPeerIsTheClientWhateverItForwards() {
        assertEquals("203.0.113.9", client("203.0.113.9", "1.2.3.4"));
        assertEquals("203.0.113.9", client("203.0.113.9", "1.2.3.4, 10.0.0.1"));
        assertEquals("203.0.113.9", client("203.0.113.9"));
    }

    @Test
    void behindTrustedProxiesTheRightmostUntrustedAddressIsTheClient() {
        assertEquals("198.51.100.4", client("10.0.0.1", "198.51.100.4"));
        // The leftmost entry is whatever the client claimed; only the hops our proxies appended count.
        assertEquals("198.51.100.4", client("10.0.0.1", "6.6.6.6, 198.51.100.4, 192.168.1.7"));
        assertEquals("198.51.100.4", client("10.0.0.1", "6.6.6.6", "198.51.100.4, 10.2.2.2"));
        assertEquals("198.51.100.4", client("10.0.0.1", "198.51.100.4:5123"));
        assertEquals("2001:db8:0:0:0:0:0:7", client("10.0.0.1", "[2001:db8::7]:443"));
        assertEquals("10.0.0.5", client("10.0.0.1", "10.0.0.5"), "all trusted: the leftmost hop");
        assertEquals("10.0.0.1", client("10.0.0.1", ""), "empty header: the peer");
    }

    @Test
    void aGarbledEntryStopsAtTheLastTrustedHop() {
        assertEquals("10.3.3.3", client("10.0.0.1", "198.51.100.4, evil.example, 10.3.3.3"));
        assertEquals("10.0.0.1", client("10.0.0.1", "unknown"));
    }

    @Test
    void onlyLiteralsAreParsedNeverHostNames() {
        assertNull(ClientAddress.parseLiteral("localhost"));
        assertNull(ClientAddress.parseLiteral("example.com"));
        assertNull(ClientAddress.parseLiteral("1.2.3"));
        assertNull(ClientAddress.parseLiteral("[::1"));
        assertThrows(IllegalArgumentException.class, () -> TrustedProxies.parse(List.of("proxy.internal")));
        assertThrows(IllegalArgumentException.class, () -> TrustedProxies.parse(List.of("10.0.0.0/33")));
        assertThrows(IllegalArgumentException.class, () -> TrustedProxies.parse(List.of("10.0.0.0/x")));
    }

    @Test
    void ipv6ClientsAreCountedPerSlash64() {
        assertEquals("2001:db8:1:2:0:0:0:0/64", new ClientAddress(ip("2001:db8:1:2:aaaa::1")).bucketKey());
        assertEquals(new ClientAddress(ip("2001:db8:1:2::1")).bucketKey(), new ClientAddress(ip("2001:db8:1:2:ffff::9")).bucketKey());
        assertEquals("203.0.113.9", new ClientAddress(ip("203.0.113.9")).bucketKey());
    }
}
