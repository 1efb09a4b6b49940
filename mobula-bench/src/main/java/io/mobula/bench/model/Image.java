package io.mobula.bench.model;

import java.io.Serializable;
import java.util.Objects;

/** A still image of a {@link MediaContent} (jvm-serializers data model). */
public final class Image implements Serializable {
    /** Rendition size. */
    public enum Size { SMALL, LARGE }

    public String uri;
    public String title;
    public int width;
    public int height;
    public Size size;

    public Image() {
    }

    public Image(String uri, String title, int width, int height, Size size) {
        this.uri = uri;
        this.title = title;
        this.width = width;
        this.height = height;
        this.size = size;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Image o
                && width == o.width && height == o.height && size == o.size
                && Objects.equals(uri, o.uri) && Objects.equals(title, o.title);
    }

    @Override
    public int hashCode() {
        return Objects.hash(uri, title, width, height, size);
    }
}
