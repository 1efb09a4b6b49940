package io.mobula.bench.model;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/** The video described by a {@link MediaContent} (jvm-serializers data model). */
public final class Media implements Serializable {
    /** The player the media is encoded for. */
    public enum Player { JAVA, FLASH }

    public String uri;
    public String title;
    public int width;
    public int height;
    public String format;
    public long duration;
    public long size;
    public int bitrate;
    public boolean hasBitrate;
    public List<String> persons;
    public Player player;
    public String copyright;

    public Media() {
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Media o
                && width == o.width && height == o.height && duration == o.duration && size == o.size
                && bitrate == o.bitrate && hasBitrate == o.hasBitrate && player == o.player
                && Objects.equals(uri, o.uri) && Objects.equals(title, o.title) && Objects.equals(format, o.format)
                && Objects.equals(persons, o.persons) && Objects.equals(copyright, o.copyright);
    }

    @Override
    public int hashCode() {
        return Objects.hash(uri, title, width, height, format, duration, size, bitrate, hasBitrate, persons, player,
                copyright);
    }
}
